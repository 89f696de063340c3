package dev.spindle.planner.lower;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.plan.Aggregate;
import dev.spindle.compute.plan.AggregateFunc;
import dev.spindle.compute.plan.Plan;
import dev.spindle.planner.QueryPlanner;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.peek.PeekPlan;
import dev.spindle.planner.TestSql;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.calcite.sql.SqlNode;
import org.junit.jupiter.api.Test;

/**
 * A reduction reads only its keys and arguments: its input is projected onto them, keys first, so
 * that it consolidates, sorts and arranges narrow records rather than whole rows.
 */
class ReductionInputTest {
    private static final ColumnType INT = ColumnType.of(TypeKind.INTEGER);
    private static final Catalog CATALOG = Catalog.empty().with(CatalogItem.Table.of(GlobalId.user(1), "t",
            new RelationDesc(List.of(new Column("a", INT), new Column("b", INT), new Column("c", ColumnType.of(TypeKind.TEXT)),
                    new Column("d", INT), new Column("e", ColumnType.of(TypeKind.DOUBLE)),
                    new Column("f", ColumnType.of(TypeKind.DECIMAL)), new Column("g", ColumnType.of(TypeKind.BIGINT))))));

    private static SqlNode parse(String sql) {
        return TestSql.lenient(sql);
    }

    private static Plan.Reduce reduction(String sql) {
        AtomicLong ids = new AtomicLong(100);
        PeekPlan p = new QueryPlanner(CATALOG, ReductionInputTest::parse, ids::getAndIncrement).planQuery(parse(sql), sql);
        List<Plan> found = new ArrayList<>();
        for (var build : ((PeekPlan.Slow) p).dataflow().objectsToBuild()) {
            collect(build.plan(), found);
        }
        assertEquals(1, found.size(), sql);
        return (Plan.Reduce) found.get(0);
    }

    private static void collect(Plan p, List<Plan> out) {
        if (p instanceof Plan.Reduce && out.stream().noneMatch(q -> q == p)) {
            out.add(p); // a global aggregate's default row reads the same reduction again
        }
        for (var component : p.getClass().getRecordComponents()) { // every operand that is a plan
            try {
                Object v = component.getAccessor().invoke(p);
                if (v instanceof Plan q) {
                    collect(q, out);
                } else if (v instanceof List<?> l) {
                    for (Object o : l) {
                        if (o instanceof Plan q) {
                            collect(q, out);
                        }
                    }
                }
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
    }

    @Test
    void aGroupedSumReadsItsKeyAndArgument() {
        Plan.Reduce r = reduction("SELECT c, sum(d), max(a) FROM t WHERE b > 1 GROUP BY c");
        assertArrayEquals(new int[] {0}, r.groupKey());
        assertEquals(List.of(Aggregate.of(AggregateFunc.SUM, 1), Aggregate.of(AggregateFunc.MAX, 2)), r.aggregates());
        Plan.MapFilterProject in = assertInstanceOf(Plan.MapFilterProject.class, r.input());
        assertArrayEquals(new int[] {2, 3, 0}, in.mfp().projection());
    }

    @Test
    void aCountOfRowsReadsNoColumn() {
        Plan.Reduce r = reduction("SELECT count(*) FROM t WHERE b > 1");
        assertArrayEquals(new int[] {}, r.groupKey());
        Plan.MapFilterProject in = assertInstanceOf(Plan.MapFilterProject.class, r.input());
        assertArrayEquals(new int[] {}, in.mfp().projection());
    }

    /**
     * The planner promises exact sums (so the renderer may accumulate differences) only when
     * every SUM and AVG argument is an integer or a decimal: a float sum's rounding depends on the
     * order of its terms.
     */
    @Test
    void sumsOfExactNumbersArePromisedExact() {
        assertEquals(true, reduction("SELECT c, count(*), sum(d), avg(a), count(e) FROM t GROUP BY c").exactSums());
        assertEquals(true, reduction("SELECT c, sum(f), avg(f), sum(g) FROM t GROUP BY c").exactSums());
        assertEquals(true, reduction("SELECT c, max(e) FROM t GROUP BY c").exactSums());
        assertEquals(false, reduction("SELECT c, sum(d), sum(e) FROM t GROUP BY c").exactSums());
        assertEquals(false, reduction("SELECT c, avg(e) FROM t GROUP BY c").exactSums());
    }
}
