package dev.spindle.sql.parser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.spindle.sql.parser.ddl.SqlCreateIndex;
import dev.spindle.sql.parser.ddl.SqlCreateTable;
import dev.spindle.sql.parser.ddl.SqlDropIndex;
import java.util.List;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Unquoted names fold to lower case; Spindle's new words still name tables and columns. */
class NamesTest {

    @Test
    void unquotedNamesFoldToLowerCaseAndQuotedNamesKeepTheirCase() {
        SqlSelect s = (SqlSelect) RoundTrip.check("SELECT Col, \"Col\", \"COL\" FROM Sch.Tab");
        SqlNodeList items = s.getSelectList();
        assertEquals("col", ((SqlIdentifier) items.get(0)).getSimple());
        assertEquals("Col", ((SqlIdentifier) items.get(1)).getSimple());
        assertEquals("COL", ((SqlIdentifier) items.get(2)).getSimple());
        assertEquals(List.of("sch", "tab"), ((SqlIdentifier) s.getFrom()).names);
        assertEquals("SELECT \"col\", \"Col\", \"COL\"\nFROM \"sch\".\"tab\"", SpindleParser.unparse(s));
    }

    @Test
    void caseOfKeywordsAndNamesDoesNotMatter() {
        SqlNode lower = SpindleParser.parse("create unique index idx on tab (col desc)");
        SqlNode upper = SpindleParser.parse("CREATE UNIQUE INDEX IDX ON TAB (COL DESC)");
        SqlNode mixed = SpindleParser.parse("Create Unique Index IdX On tAb (cOl Desc)");
        assertEquals(SpindleParser.unparse(lower), SpindleParser.unparse(upper));
        assertEquals(SpindleParser.unparse(lower), SpindleParser.unparse(mixed));
        assertEquals("idx", ((SqlCreateIndex) mixed).name().getSimple());
    }

    /** Each of these words is a keyword somewhere in Spindle's grammar, yet not reserved. */
    @ParameterizedTest
    @ValueSource(strings = {"index", "file", "if", "show", "tables", "views", "indexes", "columns", "text",
        "key", "cascade", "restrict", "work", "transaction", "plan", "asc", "desc"})
    void spindlesWordsStillNameTablesAndColumns(String word) {
        SqlCreateTable t = RoundTrip.check("create table " + word + " (" + word + " int, x int)", SqlCreateTable.class);
        assertEquals(word, t.name().getSimple());
        assertEquals(word, t.columns().get(0).name().getSimple());

        SqlOrderBy ordered = (SqlOrderBy) RoundTrip.check("select " + word + ", " + word + "." + word + " from "
                + word + " where " + word + " = 1 order by " + word);
        SqlSelect s = (SqlSelect) ordered.query;
        assertEquals(word, ((SqlIdentifier) s.getFrom()).getSimple());

        assertInstanceOf(SqlInsert.class, RoundTrip.check("insert into " + word + " (" + word + ") values (1)"));
        RoundTrip.check("update " + word + " set " + word + " = 2 where " + word + " > 1");
        RoundTrip.check("delete from " + word + " where " + word + " is null");
        SqlCreateIndex i = RoundTrip.check("create index " + word + " on " + word + " (" + word + ")", SqlCreateIndex.class);
        assertEquals(word, i.name().getSimple());
        assertEquals(word, RoundTrip.check("drop index " + word, SqlDropIndex.class).name().getSimple());
    }

    /** Reserved in Calcite, names in PostgreSQL: freed in Spindle's grammar. */
    @ParameterizedTest
    @ValueSource(strings = {"day", "month", "year", "hour", "minute", "second", "time", "date", "timestamp",
        "count", "sum", "min", "max", "avg", "upper", "lower", "mod", "power", "cube", "position",
        "result", "name", "type", "data", "one", "percent", "language", "start", "method", "hold", "returns",
        "scope", "matches", "old", "open", "rank", "row_number"})
    void postgresNamesThatCalciteReservesNameTablesAndColumns(String word) {
        spindlesWordsStillNameTablesAndColumns(word);
        // GROUP BY cube(...) is the grouping set (as in PostgreSQL): the column cube is grouped by in brackets
        String key = word.equals("cube") ? "(cube)" : word;
        RoundTrip.check("select " + word + " + 1 as " + word + ", upper(" + word + "), (" + word + ") from t group by " + key
                + " having " + word + " > 0");
    }

    @Test
    void theFreedWordsStillWorkAsKeywords() {
        SqlSelect s = (SqlSelect) RoundTrip.check("select count(*), count(distinct day), upper(x), lower(x), sum(x), min(x),"
                + " max(x), avg(x), mod(x, 2), power(x, 2), position('a' in x), extract(year from d), extract(day from d),"
                + " cast(d as date), cast(d as time), cast(d as timestamp), date '2020-01-02', time '10:11:12',"
                + " timestamp '2020-01-02 10:11:12', d + interval '1' day, interval '2' hour from t"
                + " group by cube(a, b)");
        assertEquals(21, s.getSelectList().size());
        assertEquals("count", ((org.apache.calcite.sql.SqlCall) s.getSelectList().get(0)).getOperator().getName()
                .toLowerCase(java.util.Locale.ROOT));
    }

    @Test
    void freedWindowFunctionNamesAreStillWindowFunctions() {
        SqlSelect s = (SqlSelect) RoundTrip.check("select rank() over (order by a), row_number() over (partition by b order by a)"
                + " as rank from t");
        org.apache.calcite.sql.SqlCall over = (org.apache.calcite.sql.SqlCall) s.getSelectList().get(0);
        assertEquals(org.apache.calcite.sql.SqlKind.OVER, over.getKind());
        assertEquals("rank", ((org.apache.calcite.sql.SqlCall) over.operand(0)).getOperator().getName()
                .toLowerCase(java.util.Locale.ROOT));
    }

    @Test
    void nameIfNextToIfExists() {
        assertEquals("if", RoundTrip.check("drop index if exists if", SqlDropIndex.class).name().getSimple());
        assertEquals("if", RoundTrip.check("drop index if", SqlDropIndex.class).name().getSimple());
        SqlCreateIndex i = RoundTrip.check("create index if not exists if on if (if)", SqlCreateIndex.class);
        assertEquals("if", i.name().getSimple());
        assertEquals("if", RoundTrip.check("create index if on t (a)", SqlCreateIndex.class).name().getSimple());
        assertEquals("if", RoundTrip.check("create table if not exists if (if int)", SqlCreateTable.class)
                .name().getSimple());
    }

    @Test
    void showAsATableIsStillATable() {
        SqlSelect s = (SqlSelect) RoundTrip.check("select show from show");
        assertEquals("show", ((SqlIdentifier) s.getFrom()).getSimple());
        RoundTrip.check("select * from show as of 5");
    }

    @Test
    void keywordsReservedOrNotAreKnownAndNamesAreNot() {
        for (String k : new String[] {"select", "FROM", "where", "between", "rank", "one", "show", "index", "text"}) {
            org.junit.jupiter.api.Assertions.assertTrue(SpindleParser.isKeyword(k), k);
        }
        for (String n : new String[] {"tab0", "col1", "t1", "cor0", "pk", "x"}) {
            org.junit.jupiter.api.Assertions.assertFalse(SpindleParser.isKeyword(n), n);
        }
    }
}
