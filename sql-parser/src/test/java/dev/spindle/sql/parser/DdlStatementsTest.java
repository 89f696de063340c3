package dev.spindle.sql.parser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.sql.parser.ddl.DropBehavior;
import dev.spindle.sql.parser.ddl.Nullability;
import dev.spindle.sql.parser.ddl.SqlColumnDeclaration;
import dev.spindle.sql.parser.ddl.SqlCreateIndex;
import dev.spindle.sql.parser.ddl.SqlCreateTable;
import dev.spindle.sql.parser.ddl.SqlCreateView;
import dev.spindle.sql.parser.ddl.SqlDropIndex;
import dev.spindle.sql.parser.ddl.SqlDropObject;
import dev.spindle.sql.parser.ddl.SqlDropTable;
import dev.spindle.sql.parser.ddl.SqlDropView;
import dev.spindle.sql.parser.ddl.SqlTableConstraint;
import java.util.List;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** CREATE TABLE / VIEW / INDEX and DROP: the trees, their unparse, and the refusals. */
class DdlStatementsTest {

    @Test
    void createTableWithColumnsConstraintsAndDefaults() {
        SqlCreateTable t = RoundTrip.check("""
                CREATE TABLE IF NOT EXISTS s.Orders (
                  id BIGINT PRIMARY KEY,
                  customer INTEGER NOT NULL,
                  note VARCHAR(20) DEFAULT 'none' NOT NULL UNIQUE,
                  amount DECIMAL(12, 2) NULL,
                  CONSTRAINT orders_u UNIQUE (customer, note),
                  PRIMARY KEY (id)
                )""", SqlCreateTable.class);
        assertEquals(SqlKind.CREATE_TABLE, t.getKind());
        assertTrue(t.ifNotExists());
        assertEquals(List.of("s", "orders"), t.name().names);
        List<SqlColumnDeclaration> columns = t.columns();
        assertEquals(4, columns.size());
        assertEquals(6, t.elements().size());

        SqlColumnDeclaration id = columns.get(0);
        assertEquals("id", id.name().getSimple());
        assertEquals(SqlTypeName.BIGINT.name(), id.type().getTypeName().getSimple());
        assertTrue(id.primaryKey());
        assertEquals(Nullability.UNSPECIFIED, id.nullability());

        SqlColumnDeclaration note = columns.get(2);
        assertEquals(Nullability.NOT_NULL, note.nullability());
        assertFalse(note.nullability().nullable());
        assertEquals("none", ((SqlLiteral) note.defaultValue()).getValueAs(String.class));
        assertTrue(note.unique());
        assertFalse(note.primaryKey());

        assertEquals(Nullability.NULL, columns.get(3).nullability());

        List<SqlTableConstraint> constraints = t.constraints();
        assertEquals(2, constraints.size());
        assertEquals("orders_u", constraints.get(0).name().getSimple());
        assertFalse(constraints.get(0).isPrimaryKey());
        assertEquals(SqlKind.UNIQUE, constraints.get(0).getKind());
        assertEquals(2, constraints.get(0).columns().size());
        assertNull(constraints.get(1).name());
        assertTrue(constraints.get(1).isPrimaryKey());
        assertEquals(SqlKind.PRIMARY_KEY, constraints.get(1).getKind());
    }

    @Test
    void columnConstraintsMayComeInAnyOrderAndUnparseInOne() {
        SqlCreateTable t = RoundTrip.check("create table t (a int unique default 1 + 2 primary key not null)",
                SqlCreateTable.class);
        SqlColumnDeclaration a = t.columns().get(0);
        assertTrue(a.unique() && a.primaryKey());
        assertEquals(Nullability.NOT_NULL, a.nullability());
        assertEquals(SqlKind.PLUS, a.defaultValue().getKind());
        assertEquals("CREATE TABLE \"t\" (\"a\" INTEGER NOT NULL DEFAULT 1 + 2 PRIMARY KEY UNIQUE)",
                SpindleParser.unparse(t));
    }

    @Test
    void everyTypeOfDesignSection6() {
        SqlCreateTable t = RoundTrip.check("""
                create table types (b boolean, s smallint, i integer, i2 int, l bigint, r real,
                  d double, dp double precision, f float, n decimal(10, 3), n2 numeric(5),
                  c char(3), v varchar(40), x text, dt date, tm time, ts timestamp)""",
                SqlCreateTable.class);
        List<String> types = t.columns().stream().map(c -> c.type().getTypeName().getSimple()).toList();
        assertEquals(List.of("BOOLEAN", "SMALLINT", "INTEGER", "INTEGER", "BIGINT", "REAL", "DOUBLE", "DOUBLE",
                "FLOAT", "DECIMAL", "DECIMAL", "CHAR", "VARCHAR", "VARCHAR", "DATE", "TIME", "TIMESTAMP"), types);
        assertEquals("VARCHAR", SpindleParser.unparse(t.columns().get(13).type()), "TEXT is VARCHAR without a length");
    }

    @Test
    void createTableRefusals() {
        assertSyntaxError("create or replace table t (a int)", 1, "CREATE OR REPLACE TABLE is not supported");
        assertSyntaxError("create table t (a int null not null)", 28, "conflicting NULL/NOT NULL declarations");
        assertSyntaxError("create table t (a int default 1 default 2)", 33, "multiple default values");
        assertSyntaxError("create table t (a int primary key primary key)", 35, "PRIMARY KEY appears twice");
        assertSyntaxError("create table t (a int unique unique)", 30, "UNIQUE appears twice");
        assertSyntaxError("create table t ()", 17, "syntax error at or near \")\"");
        assertSyntaxError("create table t (a)", 18, "syntax error at or near \")\"");
    }

    @Test
    void createView() {
        SqlCreateView v = RoundTrip.check("create or replace view v (a, b) as select x, y from t where x > 1",
                SqlCreateView.class);
        assertEquals(SqlKind.CREATE_VIEW, v.getKind());
        assertTrue(v.replace());
        assertFalse(v.ifNotExists());
        assertEquals(2, v.columns().size());
        assertTrue(v.query() instanceof SqlSelect);

        SqlCreateView w = RoundTrip.check("CREATE VIEW IF NOT EXISTS s.w AS SELECT 1 UNION SELECT 2 ORDER BY 1",
                SqlCreateView.class);
        assertTrue(w.ifNotExists());
        assertFalse(w.replace());
        assertNull(w.columns());
        assertEquals(SqlKind.ORDER_BY, w.query().getKind());

        assertSyntaxError("create or replace view if not exists v as select 1", 24,
                "CREATE OR REPLACE VIEW cannot be combined with IF NOT EXISTS");
        assertSyntaxError("create view v as select * from t as of 5", 37, "syntax error at or near \"of\"");
    }

    @Test
    void createIndexWithNameUniqueIfNotExistsAndDirections() {
        SqlCreateIndex i = RoundTrip.check("CREATE UNIQUE INDEX IF NOT EXISTS i ON s.t (a DESC, b ASC, lower(c) || 'x')",
                SqlCreateIndex.class);
        assertEquals(SqlKind.CREATE_INDEX, i.getKind());
        assertTrue(i.unique());
        assertTrue(i.ifNotExists());
        assertEquals("i", i.name().getSimple());
        assertEquals(List.of("s", "t"), i.on().names);
        assertEquals(3, i.keys().size());
        assertTrue(i.descending(0));
        assertEquals("a", i.keyExpression(0).toString());
        assertFalse(i.descending(1), "ASC is the default and is not kept");
        assertFalse(i.descending(2));
        assertEquals("CREATE UNIQUE INDEX IF NOT EXISTS \"i\" ON \"s\".\"t\" (\"a\" DESC, \"b\", LOWER(\"c\") || 'x')",
                SpindleParser.unparse(i));
    }

    @Test
    void createIndexWithoutAName() {
        SqlCreateIndex i = RoundTrip.check("create index on t (a)", SqlCreateIndex.class);
        assertNull(i.name());
        assertFalse(i.unique());
        assertFalse(i.ifNotExists());
        assertEquals("CREATE INDEX ON \"t\" (\"a\")", SpindleParser.unparse(i));
        RoundTrip.check("create unique index on t (a, b desc)", SqlCreateIndex.class);
    }

    @Test
    void createIndexRefusals() {
        assertSyntaxError("create index if not exists on t (a)", 28, "syntax error at or near \"on\"");
        assertSyntaxError("create or replace index i on t (a)", 1, "CREATE OR REPLACE INDEX is not supported");
        assertSyntaxError("create index i on t ()", 22, "syntax error at or near \")\"");
        assertSyntaxError("create index i on t", 20, "syntax error at end of input");
        assertSyntaxError("create index i on t (select 1)", 22, "syntax error");
    }

    @ParameterizedTest
    @CsvSource({
        "drop table t, TABLE, false, RESTRICT, false",
        "drop table if exists s.t cascade, TABLE, true, CASCADE, true",
        "DROP VIEW v RESTRICT, VIEW, false, RESTRICT, true",
        "drop view if exists v, VIEW, true, RESTRICT, false",
        "drop index i cascade, INDEX, false, CASCADE, true",
        "drop index if exists i, INDEX, true, RESTRICT, false",
    })
    void drop(String sql, String object, boolean ifExists, DropBehavior behavior, boolean written) {
        SqlDropObject d = (SqlDropObject) RoundTrip.check(sql);
        Class<?> expected = switch (object) {
            case "TABLE" -> SqlDropTable.class;
            case "VIEW" -> SqlDropView.class;
            default -> SqlDropIndex.class;
        };
        assertEquals(expected, d.getClass());
        assertEquals(SqlKind.valueOf("DROP_" + object), d.getKind());
        assertEquals(ifExists, d.ifExists());
        assertEquals(behavior, d.behavior());
        assertEquals(written, d.behaviorWritten());
    }

    @Test
    void dropRefusals() {
        assertSyntaxError("drop table", 11, "syntax error at end of input");
        assertSyntaxError("drop table if exists", 21, "syntax error at end of input");
        assertSyntaxError("drop schema s", 6, "syntax error at or near \"schema\"");
        assertSyntaxError("drop table t cascade restrict", 22, "syntax error at or near \"restrict\"");
    }

    static void assertSyntaxError(String sql, int position, String messageStart) {
        SpindleException e = assertThrows(SpindleException.class, () -> SpindleParser.parse(sql));
        assertEquals(ErrorCode.SYNTAX_ERROR_1, e.code(), e::getMessage);
        assertEquals("42601", e.sqlState());
        assertTrue(e.getMessage().startsWith(messageStart), () -> sql + ": " + e.getMessage());
        assertEquals(position, e.position(), () -> sql + ": " + e.getMessage());
    }
}
