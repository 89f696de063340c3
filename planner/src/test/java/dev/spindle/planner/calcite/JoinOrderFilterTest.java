package dev.spindle.planner.calcite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.lower.ConstantFolder;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.tools.RelBuilder;
import org.junit.jupiter.api.Test;

/**
 * {@link JoinOrder} on a filter over a cross product (what Calcite's conversion of a comma join with
 * a WHERE gives, before simplification): the filter's conjuncts go into the rebuilt joins at once.
 */
class JoinOrderFilterTest {
    private static final Catalog CATALOG = catalog();

    private static Catalog catalog() {
        Catalog c = Catalog.empty();
        for (int i = 1; i <= 4; i++) {
            c = c.with(CatalogItem.Table.of(GlobalId.user(i), "t" + i, new RelationDesc(List.of(
                    new Column("a" + i, ColumnType.of(TypeKind.INTEGER)), new Column("b" + i, ColumnType.of(TypeKind.INTEGER))))));
        }
        return c;
    }

    private static RelBuilder builder() {
        SqlPlanner p = new SqlPlanner(CATALOG, ConstantFolder.INSTANCE);
        return RelFactories.LOGICAL_BUILDER.create(p.cluster(), SqlPlanner.readerForTests(CATALOG));
    }

    /** t1 × t3 × t2 × t4 (the FROM order makes cross products), filtered by a chain and {@code extra}. */
    private static RelNode filtered(RelBuilder b, boolean random) {
        b.scan("public", "t1").scan("public", "t3").join(org.apache.calcite.rel.core.JoinRelType.INNER)
                .scan("public", "t2").join(org.apache.calcite.rel.core.JoinRelType.INNER)
                .scan("public", "t4").join(org.apache.calcite.rel.core.JoinRelType.INNER);
        // fields: a1 b1 a3 b3 a2 b2 a4 b4
        var chain = List.of(b.equals(b.field(1), b.field(4)), b.equals(b.field(5), b.field(2)),
                b.equals(b.field(3), b.field(6)), b.equals(b.field(0), b.literal(5)));
        var conds = new java.util.ArrayList<>(chain);
        if (random) {
            conds.add(b.call(SqlStdOperatorTable.GREATER_THAN, b.call(SqlStdOperatorTable.RAND), b.literal(0.5)));
        }
        return b.filter(conds).build();
    }

    private static void joins(RelNode rel, List<Join> out) {
        if (rel instanceof Join) {
            out.add((Join) rel);
        }
        rel.getInputs().forEach(i -> joins(i, out));
    }

    private static boolean filterAboveAJoin(RelNode rel) {
        if (rel instanceof Filter && containsJoin(((Filter) rel).getInput())) {
            return true;
        }
        return rel.getInputs().stream().anyMatch(JoinOrderFilterTest::filterAboveAJoin);
    }

    private static boolean containsJoin(RelNode rel) {
        return rel instanceof Join || rel.getInputs().stream().anyMatch(JoinOrderFilterTest::containsJoin);
    }

    @Test
    void theFiltersConjunctsGoIntoTheRebuiltJoins() {
        RelNode before = filtered(builder(), false);
        assertTrue(JoinOrder.hasCrossProduct(before));
        RelNode after = JoinOrder.reorder(before);
        String text = RelOptUtil.toString(after);
        assertFalse(filterAboveAJoin(after), text);
        assertFalse(JoinOrder.hasCrossProduct(after), text);
        List<Join> joins = new java.util.ArrayList<>();
        joins(after, joins);
        assertEquals(3, joins.size(), text);
        for (Join j : joins) {
            assertFalse(j.getCondition().isAlwaysTrue(), text);
        }
        assertEquals(before.getRowType(), after.getRowType(), "the columns in their original order");
    }

    @Test
    void aConjunctThatIsNotDeterministicGoesInToo() {
        // as Calcite's push-down takes it; a shape's literal slots are such calls, and a filter left
        // above a cross product of six tables ran for minutes (select4)
        RelNode after = JoinOrder.reorder(filtered(builder(), true));
        String text = RelOptUtil.toString(after);
        assertFalse(filterAboveAJoin(after), text);
        assertTrue(text.contains("RAND"), text);
    }
}
