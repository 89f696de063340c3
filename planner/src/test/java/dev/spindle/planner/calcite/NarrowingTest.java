package dev.spindle.planner.calcite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.planner.TestSql;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.lower.ConstantFolder;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.Join;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * {@link Narrowing}: a join's sides carry the columns used above it and in its condition, no more
 * than Calcite's field trimmer (which it replaced) leaves them on the same converted query, and the
 * query's row type stays as it was; what the narrowed plans answer
 * is checked against H2 by {@code DifferentialQueryProperties} and the JDBC differential tests.
 */
class NarrowingTest {
    private static final Catalog CATALOG = Catalog.empty()
            .with(CatalogItem.Table.of(GlobalId.user(1), "t", new RelationDesc(List.of(
                    new Column("a", ColumnType.of(TypeKind.INTEGER)), new Column("b", ColumnType.of(TypeKind.INTEGER)),
                    new Column("c", ColumnType.of(TypeKind.TEXT)), new Column("d", ColumnType.of(TypeKind.INTEGER))))))
            .with(CatalogItem.Table.of(GlobalId.user(2), "u", new RelationDesc(List.of(
                    new Column("k", ColumnType.of(TypeKind.INTEGER)), new Column("v", ColumnType.of(TypeKind.BIGINT)),
                    new Column("w", ColumnType.of(TypeKind.TEXT))))));

    private static RelRoot plan(String sql, boolean calciteTrimmer) {
        SqlPlanner p = new SqlPlanner(CATALOG, ConstantFolder.INSTANCE).statementText(sql);
        return (calciteTrimmer ? p.withCalciteTrimmer() : p).plan(TestSql.lenient(sql));
    }

    /** The widths of every join's sides, left then right, top-down. */
    private static List<Integer> joinSides(RelNode rel) {
        List<Integer> out = new ArrayList<>();
        collect(rel, out);
        return out;
    }

    private static void collect(RelNode rel, List<Integer> out) {
        if (rel instanceof Join) {
            out.add(((Join) rel).getLeft().getRowType().getFieldCount());
            out.add(((Join) rel).getRight().getRowType().getFieldCount());
        }
        for (RelNode input : rel.getInputs()) {
            collect(input, out);
        }
    }

    private static int sum(List<Integer> widths) {
        return widths.stream().mapToInt(Integer::intValue).sum();
    }

    @Test
    void aJoinsSidesCarryTheColumnsUsedAboveAndInItsCondition() {
        RelRoot root = plan("SELECT x.a, y.w FROM t x JOIN u y ON x.b = y.k WHERE x.d > 1", false);
        assertEquals(List.of(3, 2), joinSides(root.rel), RelOptUtil.toString(root.rel)); // a, b, d | k, w
        assertEquals("[a, w]", root.validatedRowType.getFieldNames().toString());
    }

    @Test
    void aCountOverAJoinKeepsOneColumnOfEachSide() {
        RelRoot root = plan("SELECT count(*) FROM t x, u y", false);
        assertEquals(List.of(1, 1), joinSides(root.rel), RelOptUtil.toString(root.rel));
    }

    @Test
    void outerJoinsAndTheJoinsOfSubqueriesAreNarrowedToo() {
        RelRoot left = plan("SELECT x.a FROM t x LEFT JOIN u y ON x.b = y.k", false);
        assertEquals(List.of(2, 1), joinSides(left.rel), RelOptUtil.toString(left.rel));
        RelRoot full = plan("SELECT y.w FROM t x FULL JOIN u y ON x.b = y.k AND x.a < 3", false);
        assertEquals(List.of(2, 2), joinSides(full.rel), RelOptUtil.toString(full.rel));
        RelRoot in = plan("SELECT a FROM t WHERE b IN (SELECT k FROM u WHERE w = 'x')", false);
        assertTrue(sum(joinSides(in.rel)) <= 3, RelOptUtil.toString(in.rel)); // a, b | k
    }

    @Provide
    Arbitrary<String> joins() {
        Arbitrary<String> column = Arbitraries.of("x.a", "x.b", "x.c", "x.d", "y.k", "y.v", "y.w", "z.a", "z.d");
        Arbitrary<String> numeric = Arbitraries.of("x.a", "x.b", "x.d", "y.k", "y.v", "z.a", "z.d");
        Arbitrary<String> condition = Combinators.combine(numeric, Arbitraries.of("=", "<", "<>"), numeric)
                .as((l, op, r) -> l + " " + op + " " + r);
        Arbitrary<String> join = Arbitraries.of("JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN", "INNER JOIN");
        Arbitrary<String> from = Combinators.combine(join, join, Arbitraries.of(true, false))
                .as((j1, j2, three) -> " FROM t x " + j1 + " u y ON %s" + (three ? " " + j2 + " t z ON %s" : ", t z"));
        Arbitrary<String> items = Arbitraries.oneOf(column, numeric.map(n -> n + " + 1"), Arbitraries.just("count(*)"),
                numeric.map(n -> "sum(" + n + ")")).list().ofMinSize(1).ofMaxSize(3).map(l -> String.join(", ", l));
        Arbitrary<String> where = Arbitraries.oneOf(Arbitraries.just(""), condition.map(c -> " WHERE " + c));
        return Combinators.combine(items, from, condition, condition, where)
                .as((i, f, c1, c2, w) -> "SELECT " + i + String.format(f, c1, c2) + w);
    }

    @Property(tries = 400)
    void narrowingLeavesNoJoinWiderThanCalcitesTrimmer(@ForAll("joins") String sql) {
        SqlPlanner planner = new SqlPlanner(CATALOG, ConstantFolder.INSTANCE).statementText(sql);
        RelNode converted;
        try {
            converted = planner.convertForTests(TestSql.lenient(sql));
        } catch (RuntimeException e) {
            return; // a name out of scope, an aggregate beside a bare column: refused before either runs
        }
        RelNode trimmed = planner.trimForTests(converted);
        // the trimmer's RelBuilder also simplifies (z.d < z.d: no rows, no join), which the Hep program does later here
        Assume.that(joinSides(trimmed).size() == joinSides(converted).size());
        RelNode narrowed = Narrowing.narrow(converted);
        assertEquals(converted.getRowType(), narrowed.getRowType(), sql);
        assertTrue(sum(joinSides(narrowed)) <= sum(joinSides(trimmed)),
                sql + "\n" + RelOptUtil.toString(narrowed) + "than\n" + RelOptUtil.toString(trimmed));
        assertTrue(sum(joinSides(narrowed)) < sum(joinSides(converted)) || sum(joinSides(trimmed)) == sum(joinSides(converted)),
                sql + ": the trimmer narrowed, narrowing did not\n" + RelOptUtil.toString(narrowed));
    }
}
