package dev.spindle.planner.calcite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which subqueries {@link JoinedSubqueries} removes itself (the forms of the sqllogictest
 * corpus's {@code select1}–{@code select3} and of its {@code index/} files' {@code IN}) and which it leaves to Calcite's rules and
 * decorrelator, whole node by whole node. That its plans give the right rows is
 * {@code DifferentialQueryProperties}'s (against H2, with random rows and NULLs).
 */
class JoinedSubqueriesTest {
    private static final RelationDesc DESC = new RelationDesc(List.of(new Column("a", ColumnType.of(TypeKind.INTEGER)),
            new Column("b", ColumnType.of(TypeKind.INTEGER)), new Column("c", ColumnType.of(TypeKind.INTEGER))));
    private static final Catalog CATALOG = Catalog.empty().with(CatalogItem.Table.of(GlobalId.user(1), "t1", DESC))
            .with(CatalogItem.Table.of(GlobalId.user(2), "t2", DESC));

    private static RelNode converted(String sql, boolean direct) {
        SqlPlanner planner = new SqlPlanner(CATALOG, ConstantFolder.INSTANCE).statementText(sql);
        if (!direct) {
            planner.withoutDirectConversion();
        }
        return planner.convertedForTests(TestSql.lenient(sql));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "SELECT a, (SELECT count(*) FROM t1 AS x WHERE x.b < t1.b) FROM t1",
        "SELECT (SELECT count(*) FROM t1 AS x WHERE x.c > t1.c AND x.b < t1.c), b FROM t1 WHERE a > 2",
        "SELECT a FROM t1 WHERE EXISTS (SELECT 1 FROM t1 AS x WHERE x.b < t1.b)",
        "SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM t1 AS x WHERE x.b < t1.b) THEN a ELSE b END FROM t1",
        "SELECT CASE WHEN c > (SELECT avg(c) FROM t1) THEN a * 2 ELSE b * 10 END FROM t1",
        "SELECT a FROM t1 WHERE c > (SELECT avg(c) FROM t1) AND (SELECT max(x.a) FROM t2 AS x WHERE x.b = t1.b OR x.c IS NULL) > 1",
        "SELECT (SELECT sum(x.a + x.b) FROM t2 AS x WHERE x.c <> t1.c), (SELECT min(x.b) FROM t2 x WHERE x.a = t1.a) FROM t1",
        "SELECT a FROM t1 WHERE a IN (SELECT x.b FROM t2 AS x)",
        "SELECT a FROM t1 WHERE b < 63 AND c > 79 OR ((a IN (SELECT x.b FROM t2 AS x WHERE (x.b < 7)) AND c > 29))",
        "SELECT a FROM t1 WHERE a + 1 IN (SELECT x.b FROM t2 AS x) AND EXISTS (SELECT 1 FROM t2 AS x WHERE x.c < t1.c)",
    })
    void theCorpusFormsAreRemovedWithoutCalcite(String sql) {
        for (boolean direct : new boolean[] {true, false}) {
            RelNode before = converted(sql, direct);
            assertTrue(SubQueries.present(before), sql);
            RelNode after = JoinedSubqueries.remove(before);
            assertFalse(SubQueries.present(after), () -> sql + "\n" + RelOptUtil.toString(after));
            assertEquals(before.getRowType(), after.getRowType(), sql);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "SELECT a FROM t1 WHERE a NOT IN (SELECT x.b FROM t2 AS x)", // NOT IN: a NULL is not FALSE there
        "SELECT a IN (SELECT x.b FROM t2 AS x) FROM t1", // IN as a value
        "SELECT a FROM t1 WHERE (a IN (SELECT x.b FROM t2 AS x)) IS NULL",
        "SELECT a FROM t1 WHERE a IN (SELECT x.b FROM t2 AS x WHERE x.c = t1.c)", // correlated IN
        "SELECT (SELECT x.b FROM t2 AS x WHERE x.a = t1.a) FROM t1", // not an aggregate: at most one row, checked
        "SELECT a FROM t1 WHERE EXISTS (SELECT 1 FROM t2 AS x WHERE x.b > 2)", // uncorrelated EXISTS
        "SELECT (SELECT count(*) FROM t2 AS x WHERE x.a = t1.a GROUP BY x.b) FROM t1", // groups
        "SELECT (SELECT count(*) + 1 FROM t2 AS x WHERE x.a = t1.a) FROM t1", // an expression over the aggregate
        "SELECT (SELECT count(*) FROM t2 AS x WHERE x.a = t1.a AND EXISTS (SELECT 1 FROM t2 AS y WHERE y.b = x.b)) FROM t1",
        // one form and one not, in the same select list: the node goes to Calcite whole
        "SELECT (SELECT count(*) FROM t2 AS x WHERE x.a < t1.a), a IN (SELECT x.b FROM t2 AS x) FROM t1",
    })
    void otherSubqueriesAreLeftToCalcite(String sql) {
        RelNode before = converted(sql, false);
        RelNode after = JoinedSubqueries.remove(before);
        assertTrue(SubQueries.present(after), sql);
    }
}
