package dev.spindle.sql.coord;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.update.Update;
import dev.spindle.compute.introspection.IntrospectionCollector;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.peek.PeekPlan;
import dev.spindle.planner.system.SystemCatalog;
import java.util.List;
import java.util.Map;

/**
 * The introspection relations of {@code spindle_introspection}, live: compute's
 * {@link IntrospectionCollector} keeps them as update logs in the database's {@code TableStore},
 * arranged into logging indexes. It starts on the first statement that reads one (its logging
 * dataflows then run for the database's life), so a database nobody introspects pays nothing.
 * Each query that reads one refreshes them first ({@link #beforeQuery}): a sample of the runtimes
 * committed like any write, at a write timestamp of the oracle, so the query, at the next read
 * timestamp, sees the state of the moment it started, consistently with the catalog relations
 * and every table: the sample waits (briefly) until every hydrated index has processed every
 * commit so far, so an error a committed write put into an index is counted.
 *
 * <p>Thread-safety: starting and refreshing take the coordinator's write lock (which also
 * serializes the collector's samples, so their changes are committed in the order taken); the
 * started collector is published through a volatile field.
 */
public final class Introspection {
    /** How long a refresh waits for hydrated indexes to catch up with the last commit. */
    private static final java.time.Duration CATCH_UP = java.time.Duration.ofSeconds(2);

    private final Coordinator coord;
    private volatile IntrospectionCollector collector;

    Introspection(Coordinator coord) {
        this.coord = coord;
    }

    /** True once the collector runs. */
    public boolean started() {
        return collector != null;
    }

    /**
     * Before a query planned as {@code plan} over {@code catalog} picks its read time: if it reads
     * an introspection relation, starts the collector if need be and commits a fresh sample.
     */
    public void beforeQuery(PeekPlan plan, Catalog catalog) {
        if (SystemCatalog.readsIntrospection(plan, catalog)) {
            refresh();
        }
    }

    /** Before {@code plan} is read (at a time already chosen): starts the collector if it reads one. */
    public void beforeRead(PeekPlan plan, Catalog catalog) {
        if (collector == null && SystemCatalog.readsIntrospection(plan, catalog)) {
            start();
        }
    }

    /** Before dataflow {@code d} is built: starts the collector if it reads one. */
    public void beforeBuild(DataflowDescription d) {
        if (collector == null && SystemCatalog.readsIntrospection(d)) {
            start();
        }
    }

    /**
     * Starts the collector if need be, samples the runtimes and commits the changes at a new write
     * timestamp (none if nothing changed), so a read that picks its time afterwards sees them.
     */
    public void refresh() {
        synchronized (coord.writeLock()) {
            IntrospectionCollector c = start();
            try {
                // the indexes' sizes and error counts as of every commit so far (bounded: a sample
                // never waits long for a dataflow that lags)
                coord.compute().awaitUppersPast(id -> id.kind() != GlobalId.Kind.SYSTEM, coord.oracle().readTimestamp(), CATCH_UP);
                Map<GlobalId, List<Update>> changes = c.sample();
                if (!changes.isEmpty()) {
                    coord.commit(changes);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SpindleException(ErrorCode.QUERY_CANCELED_0);
            }
        }
    }

    private IntrospectionCollector start() {
        IntrospectionCollector c = collector;
        if (c != null) {
            return c;
        }
        synchronized (coord.writeLock()) {
            if (collector == null) {
                try {
                    c = IntrospectionCollector.start(coord.compute(), coord.tables());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new SpindleException(ErrorCode.QUERY_CANCELED_0);
                }
                coord.sealThrough(coord.oracle().readTimestamp());
                collector = c;
            }
            return collector;
        }
    }
}
