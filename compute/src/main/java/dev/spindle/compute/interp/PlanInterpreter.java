package dev.spindle.compute.interp;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.update.Update;
import dev.spindle.compute.expr.Mfp;
import dev.spindle.compute.expr.MfpEvaluator;
import dev.spindle.compute.operator.EvalErrors;
import dev.spindle.compute.operator.reduce.GroupFunction;
import dev.spindle.compute.operator.reduce.GroupFunctions;
import dev.spindle.compute.operator.reduce.RowCount;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.compute.plan.Plan;
import dev.spindle.compute.plan.PlanVisitor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Evaluates the plans of one {@link DataflowDescription} on whole collections at the read time,
 * in the order and with the name resolution of {@code DataflowRenderer}: source imports first
 * (read on first use), then imported indexes on first use (an index id, or the collection it indexes when no source or
 * earlier object has that id), then each object to build in order. Every node yields what the
 * rendered node's {@code oks} and {@code errs} accumulate to at the time (a dataflow rendered as
 * of {@code t} and read at {@code t} sees every input at one time, so no history is needed):
 * <ul>
 *   <li>map/filter/project through the node's own {@link MfpEvaluator}; a data error becomes the
 *       error row of {@link EvalErrors} with the input row's count;</li>
 *   <li>joins as hash joins on the join key (the smaller side is hashed), rows whose key holds
 *       NULL never match, counts multiplied exactly; an empty key is the cross product;</li>
 *   <li>reduce and top-k by hash grouping, each group's consolidated rows sorted by row and given
 *       to the same {@link GroupFunction} the operator uses ({@link GroupFunctions}); a group's
 *       error is one error row; distinct and threshold per consolidated row;</li>
 *   <li>errors flow from inputs to outputs as the renderer unions them (a collection read twice
 *       carries its errors twice), never negated.</li>
 * </ul>
 * Collections are lists of rows with counts, consolidated only where a group function needs it.
 *
 * <p>Thread-safety: confined to the thread that evaluates; one instance per evaluation (it holds
 * the evaluated collections and per-node evaluators).
 */
final class PlanInterpreter implements PlanVisitor<Coll> {
    /** Rows processed between two calls of the checkpoint. */
    static final int CHECK_EVERY = 4096;

    /**
     * The rows one evaluation may read, build and produce in all (about what it holds in memory
     * at once, at most): past it the evaluation is abandoned and the dataflow rendered instead,
     * which streams through its operators and consolidates as it goes. The work thrown away is
     * bounded by this (some tens of milliseconds); reads of the small tables this path is for stay
     * far below it.
     */
    static final long WORK_LIMIT = 1L << 20;

    /** The checkpoint's own failure, carried past the evaluator's handlers of data errors. */
    static final class Stopped extends RuntimeException {
        Stopped(RuntimeException cause) {
            super(cause);
        }
    }

    /** An input that cannot be read in this thread: the dataflow must be rendered instead. */
    static final class NotHere extends RuntimeException {
        NotHere() {
            super(null, null, false, false);
        }
    }

    /** Reads the description's inputs at the time, when the plans first use them. */
    interface Inputs {
        /** Table {@code id}'s rows at the time, or null if they cannot be read here. */
        RowList table(GlobalId id);

        /** Index {@code id}'s rows and error rows at the time, or null if they cannot be read here. */
        Coll index(GlobalId id);
    }

    private final DataflowDescription desc;
    private final Inputs inputs;
    private final Runnable checkpoint;
    private final Map<GlobalId, Coll> built = new HashMap<>();
    private final Map<GlobalId, GlobalId> imports = new HashMap<>(); // id or collection -> import id
    private final Map<Integer, Coll> locals = new HashMap<>();
    private final long workLimit;
    private int work;
    private long total;

    /**
     * @param inputs reads a source or an imported index on first use (each at most once)
     * @param checkpoint called every {@link #CHECK_EVERY} rows; what it throws stops the evaluation
     */
    PlanInterpreter(DataflowDescription desc, Inputs inputs, Runnable checkpoint) {
        this(desc, inputs, checkpoint, WORK_LIMIT);
    }

    /** With a limit of its own on the rows the evaluation may handle ({@link #WORK_LIMIT}). */
    PlanInterpreter(DataflowDescription desc, Inputs inputs, Runnable checkpoint, long workLimit) {
        this.workLimit = workLimit;
        this.desc = desc;
        this.inputs = inputs;
        this.checkpoint = checkpoint;
        List<GlobalId> ids = new ArrayList<>(desc.indexImports().keySet());
        ids.sort(null);
        for (GlobalId id : ids) {
            imports.put(id, id);
            imports.putIfAbsent(desc.indexImports().get(id).on(), id);
        }
    }

    /**
     * The collection of each plan object evaluated so far, outside any {@code Let}. Lowering
     * shares subtrees: an outer join reads its left side and its matched pairs twice (the matches,
     * and the rows that match nothing), a global aggregate its reduction twice (its default row),
     * so evaluating every occurrence again doubled the work at each nesting (a query with several
     * correlated subqueries nests outer joins). Collections are never mutated once returned.
     */
    private final Map<Plan, Coll> evaluated = new IdentityHashMap<>();

    /** Evaluates {@code p} once per plan object: outside a {@code Let} it depends on nothing else. */
    private Coll eval(Plan p) {
        if (!locals.isEmpty()) {
            return p.accept(this); // a subtree may read a local: its collection depends on the binding
        }
        Coll known = evaluated.get(p);
        if (known == null) {
            known = p.accept(this);
            evaluated.put(p, known);
        }
        return known;
    }

    /** Evaluates every object to build, in order; then the collection {@code id} (built or imported). */
    Coll evaluate(GlobalId id) {
        for (DataflowDescription.BuildDesc o : desc.objectsToBuild()) {
            built.put(o.id(), eval(o.plan()));
        }
        return collection(id);
    }

    /** Counts {@code rows} of work: abandons the evaluation past the limit, calls the checkpoint now and then. */
    private void tick(int rows) {
        total += rows;
        if (total > workLimit) {
            throw new NotHere();
        }
        work += rows;
        if (work >= CHECK_EVERY) {
            work = 0;
            try {
                checkpoint.run();
            } catch (RuntimeException e) {
                throw new Stopped(e);
            }
        }
    }

    private Coll collection(GlobalId id) {
        Coll c = built.get(id);
        if (c != null) {
            return c;
        }
        if (desc.sourceImports().containsKey(id)) {
            RowList rows = inputs.table(id);
            if (rows == null) {
                throw new NotHere();
            }
            tick(rows.size());
            c = new Coll(rows, RowList.EMPTY);
            built.put(id, c);
            return c;
        }
        GlobalId im = imports.get(id);
        if (im == null) {
            throw new IllegalArgumentException("dataflow " + desc.name() + " does not import or build " + id);
        }
        c = inputs.index(im);
        if (c == null) {
            throw new NotHere();
        }
        tick(c.oks().size());
        built.put(im, c);
        built.putIfAbsent(desc.indexImports().get(im).on(), c);
        return c;
    }

    @Override
    public Coll visitConstant(Plan.Constant p) {
        RowList oks = new RowList(p.rows().size());
        for (Update u : p.rows()) {
            if (u.diff() != 0) {
                oks.add(u.row(), u.diff());
            }
        }
        return new Coll(oks, RowList.EMPTY);
    }

    @Override
    public Coll visitGet(Plan.Get p) {
        return collection(p.id());
    }

    @Override
    public Coll visitGetLocal(Plan.GetLocal p) {
        Coll c = locals.get(p.localId());
        if (c == null) {
            throw new IllegalArgumentException("unbound local " + p.localId());
        }
        return c;
    }

    @Override
    public Coll visitLet(Plan.Let p) {
        Coll value = eval(p.value());
        Coll shadowed = locals.put(p.localId(), value);
        try {
            return eval(p.body());
        } finally {
            if (shadowed == null) {
                locals.remove(p.localId());
            } else {
                locals.put(p.localId(), shadowed);
            }
        }
    }

    @Override
    public Coll visitMfp(Plan.MapFilterProject p) {
        Mfp mfp = p.mfp();
        if (!mfp.isIdentity() && p.input() instanceof Plan.Join) {
            return joinThenMfp((Plan.Join) p.input(), mfp.evaluator());
        }
        Coll in = eval(p.input());
        if (mfp.isIdentity()) {
            return in;
        }
        MfpEvaluator ev = mfp.evaluator();
        RowList src = in.oks();
        int n = src.size();
        RowList oks = new RowList(n);
        RowList errs = null;
        for (int i = 0; i < n; i++) {
            Row out;
            try {
                out = ev.apply(src.row(i));
            } catch (SpindleException e) {
                if (errs == null) {
                    errs = new RowList(4);
                }
                errs.add(EvalErrors.toRow(e), src.count(i));
                continue;
            }
            if (out != null) {
                oks.add(out, src.count(i));
            }
        }
        tick(n);
        return new Coll(oks, errs == null ? in.errs() : RowList.concat(in.errs(), errs));
    }

    @Override
    public Coll visitUnion(Plan.Union p) {
        if (p.inputs().size() == 1) {
            return eval(p.inputs().get(0));
        }
        List<Coll> ins = new ArrayList<>(p.inputs().size());
        int rows = 0;
        int errRows = 0;
        for (Plan q : p.inputs()) {
            Coll c = eval(q);
            ins.add(c);
            rows += c.oks().size();
            errRows += c.errs().size();
        }
        RowList oks = new RowList(rows);
        RowList errs = errRows == 0 ? RowList.EMPTY : new RowList(errRows);
        for (Coll c : ins) {
            oks.addAll(c.oks());
            if (errRows != 0) {
                errs.addAll(c.errs());
            }
        }
        tick(rows);
        return new Coll(oks, errs);
    }

    @Override
    public Coll visitNegate(Plan.Negate p) {
        Coll in = eval(p.input());
        RowList src = in.oks();
        int n = src.size();
        RowList oks = new RowList(n);
        for (int i = 0; i < n; i++) {
            oks.add(src.row(i), -src.count(i));
        }
        tick(n);
        return new Coll(oks, in.errs());
    }

    @Override
    public Coll visitArrangeBy(Plan.ArrangeBy p) {
        return eval(p.input());
    }

    @Override
    public Coll visitJoin(Plan.Join p) {
        Coll l = eval(p.left());
        Coll r = eval(p.right());
        RowList oks = p.leftKey().length == 0 ? cross(l.oks(), r.oks()) : hashJoin(l.oks(), r.oks(), p.leftKey(), p.rightKey());
        return new Coll(oks, RowList.concat(l.errs(), r.errs()));
    }

    private RowList cross(RowList left, RowList right) {
        long size = (long) left.size() * right.size();
        if (total + size + left.size() > workLimit) {
            throw new NotHere(); // known before doing any of it
        }
        RowList out = new RowList((int) size);
        for (int i = 0; i < left.size(); i++) {
            Row a = left.row(i);
            long n = left.count(i);
            for (int j = 0; j < right.size(); j++) {
                out.add(a.concat(right.row(j)), Math.multiplyExact(n, right.count(j)));
            }
            tick(right.size() + 1);
        }
        return out;
    }

    /** The equi-join: the smaller side hashed by key (chains through {@code next}), the other probes. */
    private RowList hashJoin(RowList left, RowList right, int[] leftKey, int[] rightKey) {
        boolean buildLeft = left.size() < right.size();
        RowList build = buildLeft ? left : right;
        RowList probe = buildLeft ? right : left;
        int[] buildKey = buildLeft ? leftKey : rightKey;
        int[] probeKey = buildLeft ? rightKey : leftKey;
        Index index = index(build, buildKey);
        RowList out = new RowList(probe.size());
        Bag keys = index.keys();
        int[] head = index.head();
        int[] next = index.next();
        if (keys.size() == 0) {
            return out;
        }
        for (int i = 0; i < probe.size(); i++) {
            Row pr = probe.row(i);
            int g = keys.find(pr.project(probeKey));
            if (g < 0) {
                continue; // a key holding NULL is never interned, so it finds nothing
            }
            long n = probe.count(i);
            int before = out.size();
            for (int e = head[g]; e != 0; e = next[e - 1]) {
                Row br = build.row(e - 1);
                long m = Math.multiplyExact(n, build.count(e - 1));
                out.add(buildLeft ? br.concat(pr) : pr.concat(br), m);
            }
            tick(out.size() - before);
        }
        tick(probe.size());
        return out;
    }

    /**
     * A map/filter/project over a join, fused: each matching pair's decoded columns go straight to
     * the evaluator (both sides decoded once, one scratch array reused), so the joined rows,
     * mostly dropped by the filter above a decorrelated subquery's join, are never built. The same
     * rows, counts and error rows as the join's output through the map.
     */
    private Coll joinThenMfp(Plan.Join j, MfpEvaluator ev) {
        Coll l = eval(j.left());
        Coll r = eval(j.right());
        RowList left = l.oks();
        RowList right = r.oks();
        RowList errsIn = RowList.concat(l.errs(), r.errs());
        if (left.isEmpty() || right.isEmpty()) {
            return new Coll(new RowList(0), errsIn);
        }
        Object[][] lv = decode(left);
        Object[][] rv = decode(right);
        int la = lv[0].length;
        Object[] scratch = new Object[la + rv[0].length];
        Fused out = new Fused(ev, scratch, la);
        if (j.leftKey().length == 0) {
            long size = (long) left.size() * right.size();
            if (total + size + left.size() > workLimit) {
                throw new NotHere();
            }
            for (int i = 0; i < left.size(); i++) {
                long n = left.count(i);
                for (int k = 0; k < right.size(); k++) {
                    out.emit(lv[i], rv[k], Math.multiplyExact(n, right.count(k)));
                }
                tick(right.size() + 1);
            }
        } else {
            boolean buildLeft = left.size() < right.size();
            RowList build = buildLeft ? left : right;
            RowList probe = buildLeft ? right : left;
            Object[][] bv = buildLeft ? lv : rv;
            Object[][] pv = buildLeft ? rv : lv;
            int[] probeKey = buildLeft ? j.rightKey() : j.leftKey();
            Index index = index(build, buildLeft ? j.leftKey() : j.rightKey());
            for (int i = 0; i < probe.size(); i++) {
                int g = index.keys.size() == 0 ? -1 : index.keys.find(probe.row(i).project(probeKey));
                if (g < 0) {
                    continue;
                }
                long n = probe.count(i);
                int pairs = 0;
                for (int e = index.head[g]; e != 0; e = index.next[e - 1], pairs++) {
                    long m = Math.multiplyExact(n, build.count(e - 1));
                    if (buildLeft) {
                        out.emit(bv[e - 1], pv[i], m);
                    } else {
                        out.emit(pv[i], bv[e - 1], m);
                    }
                }
                tick(pairs);
            }
            tick(probe.size());
        }
        return new Coll(out.oks, out.errs == null ? errsIn : RowList.concat(errsIn, out.errs));
    }

    /** The rows of a fused join and map as they are produced. */
    private static final class Fused {
        final MfpEvaluator ev;
        final Object[] scratch;
        final int split;
        final RowList oks = new RowList(16);
        RowList errs;

        Fused(MfpEvaluator ev, Object[] scratch, int split) {
            this.ev = ev;
            this.scratch = scratch;
            this.split = split;
        }

        void emit(Object[] a, Object[] b, long n) {
            System.arraycopy(a, 0, scratch, 0, split);
            System.arraycopy(b, 0, scratch, split, b.length);
            Row out;
            try {
                out = ev.apply(scratch); // reads the array, never keeps it
            } catch (SpindleException e) {
                if (errs == null) {
                    errs = new RowList(4);
                }
                errs.add(EvalErrors.toRow(e), n);
                return;
            }
            if (out != null) {
                oks.add(out, n);
            }
        }
    }

    private static Object[][] decode(RowList rows) {
        Object[][] out = new Object[rows.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = rows.row(i).toArray();
        }
        return out;
    }

    /** A hash index of {@code rows} by {@code key} columns: distinct keys, and per key a chain of entries. */
    private record Index(Bag keys, int[] head, int[] next) {
    }

    private Index index(RowList build, int[] key) {
        Bag keys = new Bag(build.size());
        int[] head = new int[build.size()]; // per distinct key: first entry + 1
        int[] next = new int[build.size()]; // per entry: next entry of the same key + 1
        for (int i = build.size() - 1; i >= 0; i--) {
            Row k = build.row(i).project(key);
            if (k.hasNull()) {
                continue; // never matches: a key holding NULL is never interned, so a probe finds nothing
            }
            int g = keys.intern(k);
            next[i] = head[g];
            head[g] = i + 1;
        }
        tick(build.size());
        return new Index(keys, head, next);
    }

    @Override
    public Coll visitReduce(Plan.Reduce p) {
        Coll in = eval(p.input());
        return grouped(in, p.groupKey(), GroupFunctions.reduce(desc.name(), p.aggregates()));
    }

    @Override
    public Coll visitTopK(Plan.TopK p) {
        Coll in = eval(p.input());
        return grouped(in, p.groupKey(), GroupFunctions.topK(desc.name(), p.order(), p.limit(), p.offset()));
    }

    /**
     * Groups the consolidated input by {@code key} columns and applies {@code fn} to each group's
     * rows sorted by row, as {@code GroupRecompute} does.
     */
    private Coll grouped(Coll in, int[] key, GroupFunction fn) {
        Bag all = in.oks().consolidate();
        int n = all.size();
        Bag keys = new Bag(key.length == 0 ? 1 : n);
        int[] groupOf = new int[n];
        int[] sizes = new int[n + 1];
        for (int i = 0; i < n; i++) {
            if (all.count(i) == 0) {
                groupOf[i] = -1;
                continue;
            }
            int g = keys.intern(all.row(i).project(key));
            groupOf[i] = g;
            sizes[g]++;
        }
        int groups = keys.size();
        Row[][] members = new Row[groups][];
        int[] filled = new int[groups];
        for (int g = 0; g < groups; g++) {
            members[g] = new Row[sizes[g]];
        }
        for (int i = 0; i < n; i++) {
            int g = groupOf[i];
            if (g >= 0) {
                members[g][filled[g]++] = all.row(i);
            }
        }
        RowList oks = new RowList(groups);
        RowList errs = null;
        for (int g = 0; g < groups; g++) {
            Row[] rows = members[g];
            if (rows.length > 1) {
                Arrays.sort(rows);
            }
            long[] counts = new long[rows.length];
            for (int j = 0; j < rows.length; j++) {
                counts[j] = all.count(all.find(rows[j]));
            }
            try {
                for (RowCount rc : fn.apply(keys.row(g), Arrays.asList(rows), counts)) {
                    if (rc.count() != 0) {
                        oks.add(rc.row(), rc.count());
                    }
                }
            } catch (SpindleException e) {
                if (errs == null) {
                    errs = new RowList(4);
                }
                errs.add(EvalErrors.toRow(e), 1);
            }
        }
        tick(n + groups);
        return new Coll(oks, errs == null ? in.errs() : RowList.concat(in.errs(), errs));
    }

    @Override
    public Coll visitDistinct(Plan.Distinct p) {
        Coll in = eval(p.input());
        Bag all = in.oks().consolidate();
        GroupFunction fn = GroupFunctions.distinct(desc.name());
        RowList oks = new RowList(all.size());
        RowList errs = null;
        for (int i = 0; i < all.size(); i++) {
            long n = all.count(i);
            if (n > 0) {
                oks.add(all.row(i), 1); // what distinct's group function answers for one row of positive count
            } else if (n < 0) {
                try {
                    fn.apply(all.row(i), List.of(all.row(i)), new long[] {n});
                    throw new IllegalStateException("distinct accepted a negative count");
                } catch (SpindleException e) {
                    if (errs == null) {
                        errs = new RowList(4);
                    }
                    errs.add(EvalErrors.toRow(e), 1);
                }
            }
        }
        tick(all.size());
        return new Coll(oks, errs == null ? in.errs() : RowList.concat(in.errs(), errs));
    }

    @Override
    public Coll visitThreshold(Plan.Threshold p) {
        Coll in = eval(p.input());
        Bag all = in.oks().consolidate();
        RowList oks = new RowList(all.size());
        for (int i = 0; i < all.size(); i++) {
            if (all.count(i) > 0) {
                oks.add(all.row(i), all.count(i)); // threshold's group function, one row at a time
            }
        }
        tick(all.size());
        return new Coll(oks, in.errs());
    }
}
