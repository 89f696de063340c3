package dev.spindle.planner.calcite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
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
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;

/** Implicit coercions PostgreSQL makes are kept; those it refuses fail with its SQLSTATEs. */
class PgTypeCoercionTest {
    private static final Catalog CATALOG = Catalog.empty().with(CatalogItem.Table.of(GlobalId.user(1), "t",
            new RelationDesc(List.of(new Column("k", ColumnType.of(TypeKind.INTEGER)), new Column("s", ColumnType.of(TypeKind.TEXT)),
                    new Column("b", ColumnType.of(TypeKind.BOOLEAN)), new Column("n", ColumnType.decimal(6, 2)),
                    new Column("f", ColumnType.of(TypeKind.DOUBLE))))));

    private static SqlNode parse(String sql) {
        return TestSql.lenient(sql);
    }

    private static RelDataType rowType(String sql) {
        return new SqlPlanner(CATALOG, ConstantFolder.INSTANCE).statementText(sql).rowType(parse(sql));
    }

    private static SpindleException refused(String sql) {
        return assertThrows(SpindleException.class, () -> rowType(sql), sql);
    }

    @Test
    void numbersMeetAndUnknownLiteralsTakeTheOtherSidesType() {
        rowType("SELECT k = n, k < f, n + f, k + 1.5 FROM t");
        rowType("SELECT k FROM t WHERE k = '1' AND b = 'true' AND k IN (1, '2')");
        rowType("SELECT s || k FROM t");
        assertEquals(SqlTypeName.INTEGER, rowType("SELECT 1 UNION SELECT '2'").getFieldList().get(0).getType().getSqlTypeName());
        assertEquals(SqlTypeName.INTEGER,
                rowType("SELECT CASE WHEN k = 1 THEN k ELSE '7' END FROM t").getFieldList().get(0).getType().getSqlTypeName());
    }

    @Test
    void operatorsBetweenCategoriesDoNotExist() {
        SpindleException e = refused("SELECT k FROM t WHERE k = TRUE");
        assertEquals(ErrorCode.UNDEFINED_OPERATOR_1, e.code());
        assertEquals("42883", e.sqlState());
        assertEquals("operator does not exist: integer = boolean", e.getMessage());
        assertEquals(23, e.position());
        assertEquals(ErrorCode.UNDEFINED_OPERATOR_1, refused("SELECT s + 1 FROM t").code());
        assertEquals(ErrorCode.UNDEFINED_OPERATOR_1, refused("SELECT k FROM t WHERE k IN (s)").code());
        SpindleException f = refused("SELECT upper(k) FROM t");
        assertEquals(ErrorCode.UNDEFINED_FUNCTION_1, f.code());
        assertEquals("42883", f.sqlState());
    }

    @Test
    void setOperationsAndCaseOfDifferentCategoriesCannotBeMatched() {
        SpindleException e = refused("SELECT k FROM t UNION SELECT s FROM t");
        assertEquals(ErrorCode.TYPES_CANNOT_BE_MATCHED_3, e.code());
        assertEquals("42804", e.sqlState());
        assertEquals(List.of("UNION", "integer", "text"), e.args());
        assertEquals(List.of("INTERSECT", "integer", "text"), refused("SELECT k FROM t INTERSECT SELECT s FROM t").args());
        assertEquals(List.of("CASE", "text", "integer"), refused("SELECT CASE WHEN b THEN k ELSE s END FROM t").args());
        assertEquals(List.of("COALESCE", "integer", "text"), refused("SELECT COALESCE(k, s) FROM t").args());
    }
}
