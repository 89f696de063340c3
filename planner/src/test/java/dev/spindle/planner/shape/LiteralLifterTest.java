package dev.spindle.planner.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.planner.calcite.SqlPlanner;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.dialect.CalciteSqlDialect;
import org.apache.calcite.sql.parser.SqlParser;
import org.junit.jupiter.api.Test;

/** Which literals a shape lifts, and when two queries share a shape's key. */
class LiteralLifterTest {
    private static final RelationDesc INTS = new RelationDesc(List.of(new Column("a", ColumnType.of(TypeKind.INTEGER)),
            new Column("b", ColumnType.of(TypeKind.INTEGER))));
    private static final RelationDesc BIGS = new RelationDesc(List.of(new Column("a", ColumnType.of(TypeKind.BIGINT)),
            new Column("b", ColumnType.of(TypeKind.INTEGER))));
    private static final Catalog CATALOG = Catalog.empty()
            .with(CatalogItem.Table.of(GlobalId.user(1), "t1", INTS))
            .with(CatalogItem.Table.of(GlobalId.user(2), "t2", INTS))
            .with(CatalogItem.Table.of(GlobalId.user(3), "t3", BIGS));

    private static LiteralLifter.Shape lift(String sql) {
        return LiteralLifter.lift(parse(sql), CATALOG, SqlPlanner.types());
    }

    private static SqlNode parse(String sql) {
        try {
            return SqlParser.create(sql, SqlParser.config().withUnquotedCasing(org.apache.calcite.avatica.util.Casing.TO_LOWER))
                    .parseQuery();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static String text(SqlNode n) {
        return n.toSqlString(CalciteSqlDialect.DEFAULT).getSql();
    }

    @Test
    void literalsInValuePositionsAreLiftedOthersStay() {
        LiteralLifter.Shape s = lift("SELECT a + 1, 7, round(b, 2) FROM t1 WHERE b BETWEEN 3 AND 4.5 AND a IN (8, 9)"
                + " GROUP BY a, b ORDER BY 2 LIMIT 5");
        assertNotNull(s);
        assertEquals(List.of(BigDecimal.valueOf(1), BigDecimal.valueOf(3), new BigDecimal("4.5")),
                s.literals().stream().map(LiftedLiteral.Value::value).toList());
        String tree = text(s.tree());
        for (String stays : List.of("7", "ROUND(\"B\", 2)", "IN (8, 9)", "ORDER BY 2", "FETCH NEXT 5")) {
            assertEquals(true, tree.toUpperCase().contains(stays.toUpperCase()), stays + " in " + tree);
        }
    }

    @Test
    void equalLiteralsOfOneTypeShareASlot() {
        LiteralLifter.Shape s = lift("SELECT a + 2 FROM t1 GROUP BY a + 2 HAVING max(b) > 2.0");
        assertEquals(2, s.literals().size()); // 2 (INTEGER) once, 2.0 (DECIMAL) apart
        assertNotEquals(lift("SELECT a + 2 FROM t1 GROUP BY a + 3").key(), s.key());
    }

    @Test
    void keysIgnoreValuesAndIdenticallyTypedTablesButNotTypes() {
        LiteralLifter.Key k = lift("SELECT t1.a FROM t1 WHERE b > 5").key();
        assertEquals(k, lift("SELECT t2.a FROM t2 WHERE b > 6").key());
        assertNotEquals(k, lift("SELECT t3.a FROM t3 WHERE b > 6").key(), "other column types");
        assertNotEquals(k, lift("SELECT t1.a FROM t1 WHERE b > 6.5").key(), "another literal type");
        assertNotEquals(k, lift("SELECT t1.a FROM t1 WHERE b > 3000000000").key(), "BIGINT, not INTEGER");
        assertEquals(lift("SELECT x.a FROM t1 x, t2 y WHERE x.a = y.b").key(),
                lift("SELECT x.a FROM t2 x, t1 y WHERE x.a = y.b").key());
        assertNotEquals(lift("SELECT x.a FROM t1 x, t1 y").key(), lift("SELECT x.a FROM t1 x, t2 y").key(),
                "a self-join is not a join of two tables");
    }

    @Test
    void aQualifierNamingAnAliasedTableHasNoShape() {
        assertNull(lift("SELECT t1.a FROM t1 AS x"));
        assertNull(lift("WITH w AS (SELECT 1) SELECT * FROM w"));
        assertNotNull(lift("SELECT x.a FROM t1 AS x"));
    }
}
