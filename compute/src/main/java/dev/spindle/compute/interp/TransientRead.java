package dev.spindle.compute.interp;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.PackedRows;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Update;
import dev.spindle.compute.arrangement.cursor.Cursor;
import dev.spindle.compute.arrangement.trace.KeyValDiff;
import dev.spindle.compute.operator.EvalErrors;
import dev.spindle.compute.operator.arrange.KeyFunction;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.peek.PeekResponse;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.compute.render.KeyFunctions;
import dev.spindle.compute.render.TableResolver;
import dev.spindle.compute.sharing.ArrangementSharingRegistry;
import dev.spindle.compute.sharing.PointReader;
import dev.spindle.compute.sharing.PublicationPoint;
import dev.spindle.storage.table.Subscription;
import dev.spindle.storage.table.TableBatch;
import dev.spindle.storage.table.TableLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The slow path's peek of a transient dataflow's index, answered in the caller's thread: the
 * description's inputs read at the peek's time {@code t}, its plans evaluated
 * ({@link PlanInterpreter}), and the answer the interactive workers would give for the transient
 * index at {@code t}.
 *
 * <h2>Inputs, read as the rendered dataflow reads them</h2>
 * Each input is read when a plan first uses it (an input no plan uses holds nothing back, as in
 * the rendered dataflow, where it feeds no operator of the export); every table's since is
 * checked first, as rendering checks it.
 * <ul>
 *   <li>A table: every update at a time {@code <= t}, through a subscription from the table's
 *       since (as {@code TableSource}), closed at once. A table compacted past {@code t}, or not
 *       yet sealed past it, is not read here.</li>
 *   <li>An index: on every worker ordinal's publication point a reader hold at {@code t},
 *       taken atomically with the since check (as {@code InlinePeek}); the rows and error rows
 *       accumulated at {@code t}; every hold released before evaluating. A point missing, a
 *       placeholder, a compacted or an unsealed index is not read here.</li>
 * </ul>
 * When an input is not read here the answer is null and the caller renders the dataflow, which
 * waits for the seal or fails as it always does; so is a description this class does not handle
 * (a peek with a key or a map of its own, a re-exported index, an input that is not a table, an
 * arithmetic overflow of counts, a malformed plan), and a read that grows past
 * {@link PlanInterpreter#WORK_LIMIT} rows: that one is better streamed through the operators,
 * which consolidate as they go, than held here.
 *
 * <h2>Cancel and timeout</h2>
 * The evaluation calls the caller's checkpoint about every {@link PlanInterpreter#CHECK_EVERY}
 * rows, so a statement's cancel or timeout stops it within a few milliseconds; the work limit
 * keeps any inline read short and its memory bounded whatever the checkpoint does.
 *
 * <h2>The answer</h2>
 * As the workers' peek of the transient index, merged by {@code PeekMerge}: the export's rows are
 * arranged by its key on {@code W} workers, its error rows (its input's and its key's) by the
 * whole row; each worker answers the least error row of its partition if it has one, else its
 * first row of negative count in (key, row) order ({@link ErrorCode#NEGATIVE_MULTIPLICITY_3}),
 * else its rows; among workers' errors the least by SQLSTATE and message wins. Rows go to the
 * reader unfinished, with the request's finishing, exactly as the workers' parts do.
 *
 * <p>Thread-safety: stateless; any number of threads may read at once. Table logs and published
 * traces are read through their thread-safe reader interfaces.
 */
public final class TransientRead {
    private TransientRead() {
    }

    /**
     * The answer to {@code request}, a peek of the index that {@code desc} exports, as the
     * dataflow rendered as of the peek's time would give it; null if it must be rendered.
     *
     * @param registries the sharing registries, one per worker ordinal (empty: indexes are not
     *     read here)
     * @param workers the number of workers the dataflow would be rendered on
     * @param checkpoint called now and then while evaluating; an exception it throws (a cancel, a
     *     timeout) ends the read and is thrown from here
     */
    public static PeekResponse tryAnswer(DataflowDescription desc, PeekRequest request, TableResolver tables,
                                         List<ArrangementSharingRegistry> registries, int workers, Runnable checkpoint) {
        DataflowDescription.IndexExport export = desc.indexExports().get(request.index());
        long t = request.time();
        if (export == null || export.reexportOf() != null || request.literalKey() != null || request.mfp() != null
                || !desc.asOf().equals(Frontier.at(t))
                || (!desc.indexImports().isEmpty() && registries.isEmpty())) {
            return null;
        }
        try {
            for (GlobalId id : desc.sourceImports().keySet()) {
                if (!tables.table(id).since().lessEqual(t)) {
                    return null; // the rendered dataflow fails to import it, used or not: let it say so
                }
            }
            checkpoint.run();
            PlanInterpreter.Inputs inputs = new PlanInterpreter.Inputs() {
                @Override
                public RowList table(GlobalId id) {
                    return readTable(tables.table(id), t);
                }

                @Override
                public Coll index(GlobalId id) {
                    return readIndex(id, registries, t);
                }
            };
            Coll out = new PlanInterpreter(desc, inputs, checkpoint).evaluate(export.on());
            return answer(out, KeyFunctions.of(export.key()), request, workers);
        } catch (PlanInterpreter.NotHere e) {
            return null;
        } catch (PlanInterpreter.Stopped e) {
            throw (RuntimeException) e.getCause();
        } catch (ArithmeticException | IllegalArgumentException | IllegalStateException e) {
            return null; // the rendered dataflow fails with its own answer: let it give it
        } catch (SpindleException e) {
            if (e.code() == ErrorCode.QUERY_CANCELED_0 || e.code() == ErrorCode.STATEMENT_TIMEOUT_0) {
                throw e; // the checkpoint, before evaluating
            }
            return null; // an input that cannot be read here (a table not found)
        }
    }

    /** The updates of {@code log} at times {@code <= t}, or null if it is compacted past or not sealed at {@code t}. */
    static RowList readTable(TableLog log, long t) {
        Frontier since = log.since();
        if (!since.lessEqual(t)) {
            return null;
        }
        Subscription s;
        try {
            s = log.listen(since);
        } catch (SpindleException e) {
            return null; // compacted meanwhile
        }
        try {
            RowList out = null;
            while (true) {
                TableBatch b = s.poll();
                if (b == null) {
                    return null; // not sealed past t yet
                }
                List<Update> ups = b.updates();
                if (out == null) {
                    out = new RowList(ups.size());
                }
                for (int i = 0, n = ups.size(); i < n; i++) {
                    Update u = ups.get(i);
                    if (u.time() <= t && u.diff() != 0) {
                        out.add(u.row(), u.diff());
                    }
                }
                if (b.upper().isSealed(t)) {
                    return out;
                }
            }
        } finally {
            s.close();
        }
    }

    /**
     * Index {@code id}'s rows and error rows at {@code t}, from every ordinal's publication point
     * under a reader hold at {@code t}; null if some point is missing, unbound, compacted past
     * {@code t} or not sealed past it. The holds are released before returning.
     */
    static Coll readIndex(GlobalId id, List<ArrangementSharingRegistry> registries, long t) {
        int n = registries.size();
        PointReader[] readers = new PointReader[n];
        try {
            Frontier at = Frontier.at(t);
            for (int w = 0; w < n; w++) {
                Optional<PublicationPoint> point = registries.get(w).get(id);
                if (point.isEmpty()) {
                    return null;
                }
                PointReader r = point.get().tryOpenReader(at);
                if (r == null) {
                    return null; // dropped since it was looked up: the workers answer (INDEX_DROPPED)
                }
                readers[w] = r;
                if (r.failure() != null || !r.isBound() || !r.upper().isSealed(t)) {
                    return null;
                }
            }
            RowList oks = new RowList(16);
            RowList errs = RowList.EMPTY;
            for (int w = 0; w < n; w++) {
                for (KeyValDiff e : readers[w].errs().readAt(t)) {
                    if (e.diff() != 0) {
                        if (errs == RowList.EMPTY) {
                            errs = new RowList(4);
                        }
                        errs.add(e.val(), e.diff());
                    }
                }
                for (Cursor c = readers[w].oks().cursor(); c.keyValid(); c.stepKey()) {
                    for (; c.valValid(); c.stepVal()) {
                        long m = c.accumulate(t);
                        if (m != 0) {
                            oks.add(c.val(), m);
                        }
                    }
                }
            }
            return new Coll(oks, errs);
        } catch (IllegalStateException e) {
            return null; // a point detached meanwhile
        } finally {
            for (PointReader r : readers) {
                if (r != null) {
                    r.close();
                }
            }
        }
    }

    /** The workers' merged answer for the export of {@code out} arranged by {@code key}. */
    static PeekResponse answer(Coll out, KeyFunction key, PeekRequest request, int workers) {
        RowList oks = out.oks();
        Bag rows = new Bag(oks.size());
        RowList keyErrs = null;
        for (int i = 0; i < oks.size(); i++) {
            Row r = oks.row(i);
            try {
                key.key(r); // a key that cannot be computed is an error row, as the arrange operator makes it
            } catch (SpindleException e) {
                if (keyErrs == null) {
                    keyErrs = new RowList(4);
                }
                keyErrs.add(EvalErrors.toRow(e), oks.count(i));
                continue;
            }
            rows.add(r, oks.count(i));
        }
        RowList allErrs = keyErrs == null ? out.errs() : RowList.concat(out.errs(), keyErrs);
        SpindleException error = allErrs.isEmpty() ? null : firstError(allErrs.consolidate(), rows, key, request, workers);
        if (error == null) {
            error = negativeError(rows, key, request, workers, null);
        }
        if (error != null) {
            return new PeekResponse.Error(error);
        }
        PackedRows.Builder b = PackedRows.builder(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            if (rows.count(i) > 0) {
                b.add(rows.row(i), rows.count(i));
            }
        }
        return new PeekResponse.Rows(List.of(b.build()), request.finishing());
    }

    /**
     * The merged error when some error row has a non-zero count: each worker's least error row
     * of its partition (by the whole row's hash), or for a worker without one its first negative
     * count; the least of those by SQLSTATE and message. Null if every error row cancelled out.
     */
    private static SpindleException firstError(Bag errs, Bag rows, KeyFunction key, PeekRequest request, int workers) {
        Row[] least = new Row[workers];
        boolean any = false;
        for (int i = 0; i < errs.size(); i++) {
            if (errs.count(i) == 0) {
                continue;
            }
            Row e = errs.row(i);
            int w = workers == 1 ? 0 : (int) Math.floorMod(e.hash64(), (long) workers);
            if (least[w] == null || e.compareTo(least[w]) < 0) {
                least[w] = e;
            }
            any = true;
        }
        if (!any) {
            return null;
        }
        SpindleException[] perWorker = new SpindleException[workers];
        for (int w = 0; w < workers; w++) {
            if (least[w] != null) {
                perWorker[w] = EvalErrors.toException(least[w]);
            }
        }
        return negativeError(rows, key, request, workers, perWorker);
    }

    /**
     * The merged error of the workers: {@code perWorker}'s errors (null: none yet), and for each
     * worker without one its first row of negative count in (key, row) order; null if none.
     */
    private static SpindleException negativeError(Bag rows, KeyFunction key, PeekRequest request, int workers,
                                                  SpindleException[] perWorker) {
        Row[] negKey = null;
        int[] negEntry = null;
        for (int i = 0; i < rows.size(); i++) {
            if (rows.count(i) >= 0) {
                continue;
            }
            Row r = rows.row(i);
            Row k = key.key(r);
            int w = workers == 1 ? 0 : (int) Math.floorMod(k.hash64(), (long) workers);
            if (perWorker != null && perWorker[w] != null) {
                continue;
            }
            if (negKey == null) {
                negKey = new Row[workers];
                negEntry = new int[workers];
            }
            if (negKey[w] == null || k.compareTo(negKey[w]) < 0
                    || (k.equals(negKey[w]) && r.compareTo(rows.row(negEntry[w])) < 0)) {
                negKey[w] = k;
                negEntry[w] = i;
            }
        }
        if (negKey != null) {
            if (perWorker == null) {
                perWorker = new SpindleException[workers];
            }
            for (int w = 0; w < workers; w++) {
                if (negKey[w] != null) {
                    int i = negEntry[w];
                    perWorker[w] = new SpindleException(ErrorCode.NEGATIVE_MULTIPLICITY_3, request.index(),
                            rows.count(i), rows.row(i));
                }
            }
        }
        if (perWorker == null) {
            return null;
        }
        SpindleException least = null;
        for (SpindleException e : perWorker) {
            if (e != null && (least == null || order(e).compareTo(order(least)) < 0)) {
                least = e;
            }
        }
        return least;
    }

    /** How {@code PeekMerge} orders workers' errors. */
    private static String order(SpindleException e) {
        return e.sqlState() + " " + e.getMessage();
    }
}
