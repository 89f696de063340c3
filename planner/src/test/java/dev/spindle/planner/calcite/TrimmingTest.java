package dev.spindle.planner.calcite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.lower.ConstantFolder;
import dev.spindle.planner.TestSql;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.junit.jupiter.api.Test;

/**
 * The field trimmer runs only over joins. An aggregation over a single relation reads its keys and
 * arguments by position (its input's projection merged into it), and a set operation's inputs come
 * out of conversion projected onto what it uses; either way the lowering makes one map over the scan.
 */
class TrimmingTest {
    private static final Catalog CATALOG = Catalog.empty().with(CatalogItem.Table.of(GlobalId.user(1), "t",
            new RelationDesc(List.of(new Column("a", ColumnType.of(TypeKind.INTEGER)),
                    new Column("b", ColumnType.of(TypeKind.INTEGER)), new Column("c", ColumnType.of(TypeKind.TEXT)),
                    new Column("d", ColumnType.of(TypeKind.INTEGER))))));

    private static String plan(String sql) {
        var rel = new SqlPlanner(CATALOG, ConstantFolder.INSTANCE).statementText(sql).plan(TestSql.lenient(sql)).rel;
        return Trimming.pays(rel) + "\n" + RelOptUtil.toString(rel);
    }

    @Test
    void anAggregationsInputIsAlreadyNarrowWithoutTrimming() {
        assertEquals("""
                false
                LogicalAggregate(group=[{0}], count=[COUNT()], sum=[SUM($3)])
                  LogicalFilter(condition=[>($1, 1)])
                    LogicalTableScan(table=[[public, t]])
                """, plan("SELECT a, count(*), sum(d) FROM t WHERE b > 1 GROUP BY a"));
    }

    @Test
    void aSetOperationsInputsAreAlreadyNarrowWithoutTrimming() {
        assertEquals("""
                false
                LogicalUnion(all=[false])
                  LogicalProject(a=[$0])
                    LogicalFilter(condition=[>($1, 1)])
                      LogicalTableScan(table=[[public, t]])
                  LogicalProject(d=[$3])
                    LogicalTableScan(table=[[public, t]])
                """, plan("SELECT a FROM t WHERE b > 1 UNION SELECT d FROM t"));
    }

    @Test
    void aJoinsInputsAreTrimmedToTheColumnsUsedAbove() {
        String plan = plan("SELECT x.a, y.c FROM t x, t y WHERE x.b = y.d");
        assertEquals("true", plan.substring(0, plan.indexOf('\n')));
        // each side of the join carries only its key and the column selected, not all four
        assertEquals(2, plan.split("LogicalProject\\(", -1).length - 2, plan);
    }
}
