package dev.spindle.sql.parser;

import static dev.spindle.sql.parser.DdlStatementsTest.assertSyntaxError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.sql.parser.ddl.SqlCreateIndex;
import dev.spindle.sql.parser.ddl.SqlCreateView;
import dev.spindle.sql.parser.query.SqlQueryAsOf;
import dev.spindle.sql.parser.query.SqlShortExplain;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlExplain;
import org.apache.calcite.sql.SqlExplainFormat;
import org.apache.calcite.sql.SqlExplainLevel;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUpdate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** AS OF, EXPLAIN with and without PLAN FOR, and Calcite's own INSERT / UPDATE / DELETE. */
class QueryStatementsTest {

    /** {@code ^} is PostgreSQL's exponentiation: left-associative, above {@code * /}, below a sign. */
    @Test
    void caretIsExponentiationWithPostgresPrecedence() {
        SqlSelect s = (SqlSelect) RoundTrip.check("select 2 ^ 3 ^ 2, 2 * 3 ^ 2, - 2 ^ 2, 2 ^ 3 + 1 from t");
        org.apache.calcite.sql.SqlCall leftAssoc = (org.apache.calcite.sql.SqlCall) s.getSelectList().get(0);
        assertInstanceOf(dev.spindle.sql.parser.query.SqlPowerOperator.class, leftAssoc.getOperator());
        assertEquals("2 ^ 3", leftAssoc.operand(0).toString());
        assertEquals("2 * 3 ^ 2", s.getSelectList().get(1).toString());
        assertEquals(SqlKind.TIMES, s.getSelectList().get(1).getKind());
        assertInstanceOf(dev.spindle.sql.parser.query.SqlPowerOperator.class,
                ((org.apache.calcite.sql.SqlCall) s.getSelectList().get(2)).getOperator(), "(-2) ^ 2");
        assertEquals(SqlKind.PLUS, s.getSelectList().get(3).getKind());
    }

    @Test
    void asOfFollowsTheWholeQuery() {
        SqlQueryAsOf q = RoundTrip.check(
                "select a, count(*) from t as x where b > 1 group by a order by a limit 10 offset 2 as of 1700000000000",
                SqlQueryAsOf.class);
        assertEquals(SqlKind.OTHER, q.getKind());
        assertInstanceOf(SqlOrderBy.class, q.query());
        assertEquals("1700000000000", q.timestamp().toString());
    }

    @Test
    void asOfAfterATableAliasOrAColumnAlias() {
        SqlQueryAsOf q = RoundTrip.check("SELECT * FROM t AS OF 5", SqlQueryAsOf.class);
        SqlSelect select = (SqlSelect) q.query();
        assertEquals("t", select.getFrom().toString(), "AS OF is not an alias");
        RoundTrip.check("select 1 as x1 as of 5", SqlQueryAsOf.class);
        RoundTrip.check("select * from t as u, v as of now() - interval '1' second", SqlQueryAsOf.class);
        RoundTrip.check("(select 1) union all (select 2) as of 7", SqlQueryAsOf.class);
        RoundTrip.check("values (1), (2) as of 3", SqlQueryAsOf.class);
        RoundTrip.check("with w as (select 1 as a) select a from w as of 3", SqlQueryAsOf.class);
    }

    @Test
    void asOfTimestampIsAnyExpression() {
        SqlQueryAsOf q = RoundTrip.check("select 1 as of cast(current_timestamp as bigint) - 1000", SqlQueryAsOf.class);
        assertEquals(SqlKind.MINUS, q.timestamp().getKind());
    }

    @Test
    void calcitesForSystemTimeAsOfIsUntouched() {
        SqlNode q = RoundTrip.check("select * from t for system_time as of timestamp '2024-01-01 00:00:00'");
        assertInstanceOf(SqlSelect.class, q);
        SqlQueryAsOf both = RoundTrip.check(
                "select * from t for system_time as of timestamp '2024-01-01 00:00:00' as of 5", SqlQueryAsOf.class);
        assertInstanceOf(SqlSelect.class, both.query());
    }

    @Test
    void withoutAsOfAQueryIsCalcitesOwnNode() {
        assertInstanceOf(SqlSelect.class, RoundTrip.check("select a as x from t as y"));
    }

    @Test
    void asOfOnlyAtTheTopOfAStatement() {
        assertSyntaxError("select * from (select * from t as of 5)", 35, "syntax error at or near \"of\"");
        assertSyntaxError("select * from t where a in (select b from u as of 5)", 48, "syntax error at or near \"of\"");
        assertSyntaxError("insert into t select * from u as of 5", 34, "syntax error at or near \"of\"");
        assertSyntaxError("select 1 as of", 15, "syntax error at end of input");
    }

    @Test
    void asOfInEachStatementOfAScript() {
        SqlNodeList list = SpindleParser.parseStatements("select 1 as of 1; select 2; select (3) as of 3;");
        assertEquals(3, list.size());
        assertInstanceOf(SqlQueryAsOf.class, list.get(0));
        assertInstanceOf(SqlSelect.class, list.get(1));
        assertInstanceOf(SqlQueryAsOf.class, list.get(2));
    }

    @Test
    void explainWithoutPlanFor() {
        SqlShortExplain e = RoundTrip.check("explain select * from t where a = 1", SqlShortExplain.class);
        assertEquals(SqlKind.EXPLAIN, e.getKind());
        assertInstanceOf(SqlSelect.class, e.getExplicandum());
        assertEquals(SqlExplainLevel.EXPPLAN_ATTRIBUTES, e.getDetailLevel());
        assertEquals(SqlExplain.Depth.PHYSICAL, e.getDepth());
        assertEquals(SqlExplainFormat.TEXT, e.getFormat());
        assertTrue(SpindleParser.unparse(e).startsWith("EXPLAIN\nSELECT"), () -> SpindleParser.unparse(e));
    }

    @Test
    void explainExplainsQueriesWithAsOfDmlAndIndexOrViewCreation() {
        assertInstanceOf(SqlQueryAsOf.class,
                RoundTrip.check("explain select * from t as of 3", SqlShortExplain.class).getExplicandum());
        assertInstanceOf(SqlCreateIndex.class,
                RoundTrip.check("explain create index i on t (a)", SqlShortExplain.class).getExplicandum());
        assertInstanceOf(SqlCreateView.class,
                RoundTrip.check("explain create view v as select 1", SqlShortExplain.class).getExplicandum());
        assertInstanceOf(SqlInsert.class,
                RoundTrip.check("explain insert into t values (1)", SqlShortExplain.class).getExplicandum());
        assertInstanceOf(SqlUpdate.class,
                RoundTrip.check("explain update t set a = 1", SqlShortExplain.class).getExplicandum());
        assertInstanceOf(SqlDelete.class,
                RoundTrip.check("explain delete from t", SqlShortExplain.class).getExplicandum());
        assertSyntaxError("explain create table t (a int)", 16, "syntax error at or near \"table\"");
        assertSyntaxError("explain drop table t", 9, "syntax error at or near \"drop\"");
    }

    @Test
    void explainPlanForIsCalcites() {
        SqlNode e = RoundTrip.check("explain plan for select 1");
        assertEquals(SqlExplain.class, e.getClass());
        SqlExplain json = (SqlExplain) RoundTrip.check("explain plan excluding attributes as json for select 1 as of 2");
        assertEquals(SqlExplainFormat.JSON, json.getFormat());
        assertEquals(SqlExplainLevel.NO_ATTRIBUTES, json.getDetailLevel());
        assertInstanceOf(SqlQueryAsOf.class, json.getExplicandum());
        assertInstanceOf(SqlCreateIndex.class, ((SqlExplain) RoundTrip.check("explain plan for create index on t (a)"))
                .getExplicandum());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "insert into t values (1, 'a'), (2, 'b')",
        "insert into t (a, b) select x, y from u where x > 0",
        "update t set a = a + 1, b = 'x' where c is null",
        "delete from t where a in (1, 2, 3)",
        "delete from t",
    })
    void dmlIsCalcites(String sql) {
        SqlNode n = RoundTrip.check(sql);
        assertTrue(n.getKind() == SqlKind.INSERT || n.getKind() == SqlKind.UPDATE || n.getKind() == SqlKind.DELETE);
        assertFalse(n.getClass().getName().startsWith("dev.spindle"));
    }
}
