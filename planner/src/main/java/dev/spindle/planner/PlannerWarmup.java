package dev.spindle.planner;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.calcite.sql.SqlNode;

/**
 * Loads and first-runs the planner's code on a thread of its own, once per JVM: a few queries
 * planned (not run) over a private two-column catalog. In a fresh JVM the first query's planning
 * costs about a second of class loading and interpretation (the parser, Calcite's validator,
 * converter and rules, the lowering); a file-mode open starts this beside reading its files and
 * rehydrating its indexes, on the core those leave idle, so the first query after the open does
 * not pay it. Planning touches no database: nothing of the caller's catalog or runtime is used.
 *
 * <p>Thread-safety: {@link #startOnce} may be called from any thread; only the first call starts
 * the thread.
 */
public final class PlannerWarmup {
    private static final Logger LOG = Logger.getLogger(PlannerWarmup.class.getName());
    private static final AtomicBoolean STARTED = new AtomicBoolean();
    private static final List<String> QUERIES = List.of(
            "SELECT v FROM t WHERE k = 5",
            "SELECT k, count(*), sum(v) FROM t WHERE v > 2 GROUP BY k ORDER BY 1 LIMIT 3",
            "SELECT a.k FROM t a JOIN t b ON a.k = b.v WHERE a.v IN (1, 2) AND b.k BETWEEN 1 AND 9");

    private PlannerWarmup() {
    }

    /**
     * Starts the warm-up (a daemon thread) unless it was started before in this JVM.
     *
     * @param parser parses one query (the SQL layer's parser)
     */
    public static void startOnce(Function<String, SqlNode> parser) {
        if (!STARTED.compareAndSet(false, true)) {
            return;
        }
        Thread t = new Thread(() -> run(parser), "spindle-planner-warmup");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }

    /** Plans the warm-up queries; returns how many planned without an error (all of them, tests check). */
    static int run(Function<String, SqlNode> parser) {
        ColumnType integer = ColumnType.of(TypeKind.INTEGER);
        GlobalId table = GlobalId.user(1);
        Catalog catalog = Catalog.empty()
                .with(CatalogItem.Table.of(table, "t", new RelationDesc(List.of(new Column("k", integer),
                        new Column("v", integer)))))
                .with(new CatalogItem.Index(GlobalId.user(2), "t_k", table, List.of(ScalarExpr.column(0, integer)),
                        List.of(0), null));
        AtomicLong ids = new AtomicLong(1);
        int planned = 0;
        for (String sql : QUERIES) {
            try {
                new QueryPlanner(catalog, parser, ids::getAndIncrement).planQuery(parser.apply(sql), sql);
                planned++;
            } catch (RuntimeException e) {
                LOG.log(Level.FINE, "planner warm-up: " + sql, e); // costs a first query its warm-up, nothing else
            }
        }
        return planned;
    }

    /** The number of warm-up queries. */
    static int queries() {
        return QUERIES.size();
    }
}
