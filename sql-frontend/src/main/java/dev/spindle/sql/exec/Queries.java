package dev.spindle.sql.exec;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.peek.PeekResponse;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.planner.QueryPlanner;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.peek.PeekPlan;
import dev.spindle.sql.StatementResult;
import dev.spindle.sql.coord.Coordinator;
import dev.spindle.sql.parser.SpindleParser;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.calcite.sql.SqlNode;

/**
 * Reads: plans a query over the current catalog snapshot and peeks at the oracle's read
 * timestamp (or {@code AS OF t}), by the fast path from an index or through a transient
 * dataflow (DESIGN §2, §4).
 *
 * <p>Thread-safety: stateless over a thread-safe coordinator.
 */
public final class Queries {
    /** How long a read may wait for its answer before it is cancelled (a bug guard, not a policy). */
    static final long MAX_WAIT_SECONDS = 300;

    private final Coordinator coord;

    public Queries(Coordinator coord) {
        this.coord = coord;
    }

    /** A planner over {@code catalog}. */
    QueryPlanner planner(Catalog catalog) {
        return new QueryPlanner(catalog, SpindleParser::parse, coord::nextId);
    }

    /**
     * Runs {@code query} at {@code time} (null: the read timestamp). A read planned on an index
     * that another session dropped meanwhile is planned again on the new catalog.
     */
    public StatementResult.Rows select(SqlNode query, String sql, Long time) {
        for (int attempt = 0; ; attempt++) {
            Catalog catalog = coord.catalog();
            PeekPlan plan = planner(catalog).planQuery(query, sql);
            coord.introspection().beforeQuery(plan, catalog);
            long t = time != null ? time : coord.oracle().readTimestamp();
            try {
                List<Row> rows = read(plan, t, time != null);
                return new StatementResult.Rows(plan.columns(), rows, List.of());
            } catch (SpindleException e) {
                if (e.code() != ErrorCode.INDEX_DROPPED_1 || coord.catalog() == catalog || attempt >= 3) {
                    throw e;
                }
            }
        }
    }

    /** The rows of {@code plan} at {@code t}. */
    List<Row> read(PeekPlan plan, long t, boolean asOf) {
        coord.introspection().beforeRead(plan, coord.catalog());
        PeekResponse r;
        try {
            if (plan instanceof PeekPlan.Fast) {
                PeekPlan.Fast f = (PeekPlan.Fast) plan;
                r = coord.compute().peek(new PeekRequest(UUID.randomUUID(), f.index(), t, f.literalKey(), f.mfp(),
                        f.finishing())).get(MAX_WAIT_SECONDS, TimeUnit.SECONDS);
            } else {
                PeekPlan.Slow s = (PeekPlan.Slow) plan;
                DataflowDescription d = s.dataflow();
                DataflowDescription at = new DataflowDescription(d.name(), d.sourceImports(), d.indexImports(),
                        d.objectsToBuild(), d.indexExports(), Frontier.at(t));
                r = coord.compute().peekTransient(coord.nextId(), at,
                        new PeekRequest(UUID.randomUUID(), s.index(), t, null, null, s.finishing()))
                        .get(MAX_WAIT_SECONDS, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SpindleException(ErrorCode.QUERY_CANCELED_0);
        } catch (ExecutionException | TimeoutException e) {
            throw SpindleException.wrap(e);
        }
        if (r instanceof PeekResponse.Error) {
            SpindleException e = ((PeekResponse.Error) r).error();
            if (asOf && e.code() == ErrorCode.COMPACTION_FRONTIER_BEYOND_READ_2) {
                throw new SpindleException(ErrorCode.TIMESTAMP_NOT_VALID_2, t, "[" + e.getMessage() + "]");
            }
            throw e;
        }
        if (r instanceof PeekResponse.Canceled) {
            throw new SpindleException(ErrorCode.QUERY_CANCELED_0);
        }
        return ((PeekResponse.Rows) r).rows();
    }
}
