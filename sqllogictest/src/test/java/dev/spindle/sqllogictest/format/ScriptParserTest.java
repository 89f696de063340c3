package dev.spindle.sqllogictest.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ScriptParserTest {

    private static List<Record> parse(String text) {
        return ScriptParser.parse("t.test", text).records();
    }

    private static <T extends Record> T only(Class<T> kind, String text) {
        List<Record> records = parse(text);
        assertEquals(1, records.size(), () -> "records: " + records);
        return assertInstanceOf(kind, records.get(0));
    }

    private static String problem(String text) {
        return only(MalformedRecord.class, text).problem();
    }

    @Test
    void statementOk() {
        StatementRecord r = only(StatementRecord.class, "statement ok\nCREATE TABLE t(a INTEGER)\n");
        assertEquals("CREATE TABLE t(a INTEGER)", r.sql());
        assertEquals(new StatementExpectation.Ok(), r.expectation());
        assertEquals(1, r.line());
        assertTrue(r.conditions().isEmpty());
    }

    @Test
    void statementSqlSpansLinesUpToTheBlankLine() {
        List<Record> records = parse("statement ok\nINSERT INTO t\n  VALUES(1)\n\nstatement ok\nDROP TABLE t\n");
        assertEquals(2, records.size());
        assertEquals("INSERT INTO t\n  VALUES(1)", ((StatementRecord) records.get(0)).sql());
        assertEquals(5, records.get(1).line());
    }

    @Test
    void statementErrorAcceptsAnyError() {
        StatementRecord r = only(StatementRecord.class, "statement error\nDROP TABLE nosuch\n");
        StatementExpectation.Error error = assertInstanceOf(StatementExpectation.Error.class, r.expectation());
        assertInstanceOf(ErrorExpectation.AnyError.class, error.error());
        assertTrue(error.error().matches("whatever"));
    }

    @Test
    void statementErrorWithRegexMatchesTheMessage() {
        StatementRecord r = only(StatementRecord.class, "statement error no such table: .*\nDROP TABLE nosuch\n");
        ErrorExpectation error = ((StatementExpectation.Error) r.expectation()).error();
        assertEquals("no such table: .*", ((ErrorExpectation.MessageRegex) error).regex());
        assertTrue(error.matches("[SQLITE_ERROR] SQL error (no such table: nosuch)"));
        assertFalse(error.matches("syntax error"));
    }

    @Test
    void statementErrorCommentIsNotARegex() {
        StatementRecord r = only(StatementRecord.class, "statement error # this must fail\nDROP TABLE nosuch\n");
        assertInstanceOf(ErrorExpectation.AnyError.class, ((StatementExpectation.Error) r.expectation()).error());
    }

    @Test
    void statementErrorWithDuckDbMessageAfterSeparator() {
        StatementRecord r = only(StatementRecord.class,
                "statement error\nSELECT * FROM nosuch\n----\nTable with name nosuch does not exist\n");
        assertEquals("SELECT * FROM nosuch", r.sql());
        ErrorExpectation error = ((StatementExpectation.Error) r.expectation()).error();
        assertEquals(new ErrorExpectation.MessageContains("Table with name nosuch does not exist"), error);
        assertTrue(error.matches("Catalog Error: Table with name nosuch does not exist!"));
    }

    @Test
    void invalidRegexIsMalformed() {
        assertTrue(problem("statement error ([a-\nSELECT 1\n").startsWith("invalid error regex"));
    }

    @Test
    void regexWithLoopVariableIsCheckedOnceSubstituted() {
        StatementRecord r = only(StatementRecord.class, "statement error column ${c}{2\nSELECT 1\n");
        ErrorExpectation error = ((StatementExpectation.Error) r.expectation()).error();
        assertFalse(error.matches("column x{2"), "an invalid expression matches nothing");
        ErrorExpectation substituted = error.substitute(text -> text.replace("${c}", "x"));
        assertEquals(new ErrorExpectation.MessageRegex("column x{2"), substituted);
        assertTrue(error.substitute(text -> text.replace("${c}{2", "x+")).matches("no column xx here"));
    }

    @Test
    void statementCount() {
        StatementRecord r = only(StatementRecord.class, "statement count 3\nDELETE FROM t\n");
        assertEquals(new StatementExpectation.Count(3), r.expectation());
        assertTrue(problem("statement count many\nDELETE FROM t\n").contains("row count"));
    }

    @Test
    void statementArgumentMustBeKnown() {
        assertTrue(problem("statement maybe\nSELECT 1\n").contains("'ok', 'error [pgcode XXXXX] [regex]' or 'count N'"));
        assertEquals("statement has no SQL", problem("statement ok\n"));
    }

    @Test
    void queryHeaderTypesSortAndLabel() {
        QueryRecord r = only(QueryRecord.class, "query ITR rowsort label-7\nSELECT 1, 'a', 2.5\n----\n1\na\n2.500\n");
        assertEquals(List.of(ResultType.INTEGER, ResultType.TEXT, ResultType.REAL), r.types());
        assertEquals(SortMode.ROWSORT, r.sort());
        assertEquals(Optional.of("label-7"), r.label());
        assertEquals("SELECT 1, 'a', 2.5", r.sql());
        assertEquals(new QueryExpectation.Values(List.of("1", "a", "2.500")), r.expectation());
        assertEquals(4, r.resultLine());
    }

    @Test
    void queryDefaultsToNosortWithoutLabel() {
        QueryRecord r = only(QueryRecord.class, "query I\nSELECT 1\n----\n1\n");
        assertEquals(SortMode.NOSORT, r.sort());
        assertEquals(Optional.empty(), r.label());
        assertEquals(SortMode.VALUESORT, only(QueryRecord.class, "query I valuesort\nSELECT 1\n").sort());
    }

    @Test
    void queryWithoutSeparatorExpectsNoRows() {
        QueryRecord r = only(QueryRecord.class, "query I nosort\nSELECT 1 WHERE 0\n");
        assertEquals(new QueryExpectation.Values(List.of()), r.expectation());
        assertEquals("SELECT 1 WHERE 0", r.sql());
    }

    @Test
    void queryWithSeparatorAndNothingAfterExpectsNoRows() {
        QueryRecord r = only(QueryRecord.class, "query I nosort\nSELECT 1 WHERE 0\n----\n");
        assertEquals(new QueryExpectation.Values(List.of()), r.expectation());
    }

    @Test
    void hashedResult() {
        QueryRecord r = only(QueryRecord.class,
                "query I rowsort\nSELECT a FROM t\n----\n30 values hashing to 3c13dee48d9356ae19af2515e05e6b54\n");
        assertEquals(new QueryExpectation.Hash(30, "3c13dee48d9356ae19af2515e05e6b54"), r.expectation());
    }

    @Test
    void hashLookalikeAmongValuesIsAValue() {
        QueryRecord r = only(QueryRecord.class,
                "query T\nSELECT x\n----\n1 values hashing to 3c13dee48d9356ae19af2515e05e6b54\nx\n");
        assertInstanceOf(QueryExpectation.Values.class, r.expectation());
    }

    @Test
    void tabSeparatedRowsAreSplitIntoValues() {
        QueryRecord r = only(QueryRecord.class, "query IT\nSELECT 1, 'a b'\n----\n1\ta b\n2\t(empty)\n");
        assertEquals(new QueryExpectation.Values(List.of("1", "a b", "2", "(empty)")), r.expectation());
    }

    @Test
    void queryError() {
        QueryRecord r = only(QueryRecord.class, "query error division by zero\nSELECT 1/0\n");
        assertTrue(r.types().isEmpty());
        QueryExpectation.Error error = assertInstanceOf(QueryExpectation.Error.class, r.expectation());
        assertTrue(error.error().matches("ERROR: division by zero"));
        QueryRecord duck = only(QueryRecord.class, "query error\nSELECT 1/0\n----\nby zero\n");
        assertEquals(new QueryExpectation.Error(new ErrorExpectation.MessageContains("by zero")), duck.expectation());
    }

    @Test
    void badTypeOrSortIsMalformed() {
        assertTrue(problem("query IX\nSELECT 1, 2\n").contains("unknown type character 'X'"));
        assertTrue(problem("query I sorted\nSELECT 1\n").contains("unknown sort method or query option 'sorted'"));
        assertEquals("query has no type string", problem("query\nSELECT 1\n"));
        assertEquals("query has no SQL", problem("query I\n----\n1\n"));
    }

    @Test
    void commentLinesAreDroppedEverywhere() {
        List<Record> records = parse("# leading comment\nquery I nosort\n# inside the SQL\nSELECT 1\n----\n"
                + "# inside the results\n1\n# trailing\n");
        QueryRecord r = assertInstanceOf(QueryRecord.class, records.get(0));
        assertEquals(1, records.size());
        assertEquals("SELECT 1", r.sql());
        assertEquals(new QueryExpectation.Values(List.of("1")), r.expectation());
    }

    @Test
    void commentLineDoesNotSeparateRecords() {
        List<Record> records = parse("statement ok\nCREATE TABLE t(a)\n# no blank line here\nstatement ok\n");
        assertEquals(1, records.size());
        assertEquals("CREATE TABLE t(a)\nstatement ok", ((StatementRecord) records.get(0)).sql());
    }

    @Test
    void crlfIsStrippedAndWhitespaceOnlyLinesSeparate() {
        List<Record> records = parse("statement ok\r\nCREATE TABLE t(a)\r\n \t\r\nquery T nosort\r\nSELECT 'x'\r\n"
                + "----\r\nx\r\n");
        assertEquals(2, records.size());
        assertEquals("CREATE TABLE t(a)", ((StatementRecord) records.get(0)).sql());
        QueryRecord q = (QueryRecord) records.get(1);
        assertEquals(SortMode.NOSORT, q.sort());
        assertEquals(new QueryExpectation.Values(List.of("x")), q.expectation());
        assertEquals(4, q.line());
    }

    @Test
    void trailingSpacesOfValuesAreKept() {
        QueryRecord r = only(QueryRecord.class, "query T\nSELECT 'a '\n----\na \n");
        assertEquals(new QueryExpectation.Values(List.of("a ")), r.expectation());
    }

    @Test
    void conditionsPrecedeTheRecordAndMayCarryComments() {
        StatementRecord r = only(StatementRecord.class,
                "skipif mysql # not compatible\nonlyif sqlite\nskipif mssql\nstatement ok\nSELECT 1\n");
        assertEquals(List.of(new Condition(Condition.Kind.SKIPIF, "mysql"),
                new Condition(Condition.Kind.ONLYIF, "sqlite"),
                new Condition(Condition.Kind.SKIPIF, "mssql")), r.conditions());
        assertEquals(4, r.line());
    }

    @Test
    void conditionsDecideByLabelIgnoringCase() {
        List<Condition> conditions = List.of(new Condition(Condition.Kind.SKIPIF, "MySQL"));
        assertTrue(Condition.anySkips(conditions, "mysql"));
        assertFalse(Condition.anySkips(conditions, "postgresql"));
        List<Condition> only = List.of(new Condition(Condition.Kind.ONLYIF, "sqlite"));
        assertFalse(Condition.anySkips(only, "SQLite"));
        assertTrue(Condition.anySkips(only, "postgresql"));
    }

    @Test
    void conditionWithoutRecordOrEngineIsMalformed() {
        assertEquals("condition is not followed by a record", problem("skipif mysql\n"));
        assertEquals("onlyif needs an engine name", problem("onlyif\nstatement ok\nSELECT 1\n"));
    }

    @Test
    void haltAndConditionalHalt() {
        List<Record> records = parse("onlyif mssql\nhalt\n\nhalt\n");
        assertEquals(2, records.size());
        HaltRecord conditional = assertInstanceOf(HaltRecord.class, records.get(0));
        assertEquals(List.of(new Condition(Condition.Kind.ONLYIF, "mssql")), conditional.conditions());
        assertEquals(2, conditional.line());
        assertInstanceOf(HaltRecord.class, records.get(1));
    }

    @Test
    void hashThreshold() {
        assertEquals(8, only(HashThresholdRecord.class, "hash-threshold 8\n").threshold());
        assertEquals(0, only(HashThresholdRecord.class, "hash-threshold 0\n").threshold());
        assertTrue(problem("hash-threshold -1\n").contains("non-negative"));
        assertTrue(problem("hash-threshold\n").contains("non-negative"));
    }

    @Test
    void modeAndRequire() {
        assertTrue(only(ModeRecord.class, "mode skip\n").skip());
        assertFalse(only(ModeRecord.class, "mode unskip\n").skip());
        assertTrue(problem("mode output_hash\n").contains("unsupported mode"));
        assertEquals("parquet", only(RequireRecord.class, "require parquet\n").feature());
        assertEquals("require needs a feature name", problem("require\n"));
    }

    @Test
    void loopOverARange() {
        LoopRecord loop = only(LoopRecord.class, "loop i 0 3\n\nstatement ok\nINSERT INTO t VALUES(${i})\n\nendloop\n");
        assertEquals("i", loop.variable());
        assertEquals(List.of("0", "1", "2"), loop.values());
        assertEquals(1, loop.body().size());
        assertEquals("INSERT INTO t VALUES(${i})", ((StatementRecord) loop.body().get(0)).sql());
    }

    @Test
    void nestedForeachInsideLoop() {
        List<Record> records = parse("foreach type INTEGER BIGINT\n\nloop i 1 3\n\nstatement ok\nSELECT CAST(${i} AS ${type})\n"
                + "\nendloop\n\nstatement ok\nSELECT '${type}'\n\nendloop\n\nstatement ok\nSELECT 'after'\n");
        assertEquals(2, records.size());
        LoopRecord outer = assertInstanceOf(LoopRecord.class, records.get(0));
        assertEquals(List.of("INTEGER", "BIGINT"), outer.values());
        assertEquals(2, outer.body().size());
        LoopRecord inner = assertInstanceOf(LoopRecord.class, outer.body().get(0));
        assertEquals(List.of("1", "2"), inner.values());
        assertEquals("SELECT 'after'", ((StatementRecord) records.get(1)).sql());
        assertEquals(3, Script.countStatementsAndQueries(records));
    }

    @Test
    void brokenLoopsAreMalformed() {
        assertTrue(problem("loop i 0\n").contains("integer bounds"));
        assertTrue(problem("loop i 5 1\n").contains("below its start"));
        assertTrue(problem("foreach x\n").contains("at least one value"));
        assertTrue(problem("loop 9x 0 1\n").contains("variable name"));
        assertEquals("endloop without a loop", problem("endloop\n"));
        assertTrue(problem("loop i 0 2\n\nstatement ok\nSELECT 1\n").contains("no endloop"));
    }

    @Test
    void unknownRecordTypeIsMalformedAndParsingGoesOn() {
        List<Record> records = parse("load file.db\n\nstatement ok\nSELECT 1\n");
        assertEquals(2, records.size());
        assertEquals("unknown record type 'load'", ((MalformedRecord) records.get(0)).problem());
        assertInstanceOf(StatementRecord.class, records.get(1));
    }

    @Test
    void emptyAndCommentOnlyFilesHaveNoRecords() {
        assertTrue(parse("").isEmpty());
        assertTrue(parse("# only a comment\n\n\n").isEmpty());
    }

    @Test
    void lastLineWithoutNewline() {
        QueryRecord r = only(QueryRecord.class, "query I\nSELECT 1\n----\n1");
        assertEquals(new QueryExpectation.Values(List.of("1")), r.expectation());
    }

    @Test
    void styleSetsTheDefaultHashThreshold() {
        assertEquals(ScriptStyle.SQLITE, ScriptParser.parse("dir/select1.test", "statement ok\nSELECT 1\n").style());
        assertEquals(8, ScriptStyle.SQLITE.defaultHashThreshold());
        assertEquals(ScriptStyle.EXTENDED, ScriptParser.parse("x.slt", "statement ok\nSELECT 1\n").style());
        assertEquals(ScriptStyle.EXTENDED,
                ScriptParser.parse("duck.test", "# name: test/sql/x.test\n# group: [x]\n").style());
        assertEquals(0, ScriptStyle.EXTENDED.defaultHashThreshold());
    }
}
