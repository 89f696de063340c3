package dev.spindle.sqllogictest.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Materialize's and CockroachDB's dialect: modes, query options, pgcode, simple/copy blocks. */
class DialectParserTest {

    private static List<Record> parse(String text) {
        return ScriptParser.parse("t.slt", text).records();
    }

    private static <T extends Record> T only(Class<T> kind, String text) {
        List<Record> records = parse(text);
        assertEquals(1, records.size(), () -> "records: " + records);
        return assertInstanceOf(kind, records.get(0));
    }

    private static List<String> values(QueryRecord record) {
        return assertInstanceOf(QueryExpectation.Values.class, record.expectation()).values();
    }

    @Test
    void aModeLineHoldsFromItsLineOn() {
        List<Record> records = parse("query I\nSELECT 1\n----\n1\n\nmode cockroach\n\nquery I\nSELECT 1\n----\n1\n\n"
                + "mode standard\nquery I\nSELECT 1\n----\n1\n\nmode sqlite\n\nquery I\nSELECT 1\n----\n1\n");
        assertEquals(4, records.size(), records::toString);
        assertEquals(List.of(RenderMode.SQLITE, RenderMode.COCKROACH, RenderMode.STANDARD, RenderMode.STANDARD),
                records.stream().map(r -> ((QueryRecord) r).mode()).toList());
        assertEquals(14, records.get(2).line(), "a mode line may stand in front of a record in its block");
    }

    @Test
    void badModeLinesAreMalformed() {
        assertTrue(only(MalformedRecord.class, "mode postgres\n").problem().startsWith("unsupported mode 'postgres'"));
        assertEquals("a mode line cannot have conditions",
                only(MalformedRecord.class, "skipif h2\nmode cockroach\n").problem());
        assertInstanceOf(ModeRecord.class, parse("mode skip\n").get(0));
    }

    @Test
    void cockroachRowsSplitAtRunsOfWhiteSpace() {
        QueryRecord r = only(QueryRecord.class,
                "mode cockroach\nquery ITR\nSELECT 1\n----\n1   one\u2420word  1.5\n2 \ttwo 2\n");
        assertEquals(List.of("1", "one word", "1.5", "2", "two", "2"), values(r));
        QueryRecord single = only(QueryRecord.class, "mode cockroach\nquery T\nSELECT 1\n----\n  two  words \n");
        assertEquals(List.of("two  words"), values(single), "one column: the whole line, trimmed");
        QueryRecord standard = only(QueryRecord.class, "mode standard\nquery IT\nSELECT 1\n----\n1 a\n");
        assertEquals(List.of("1 a"), values(standard), "standard mode: one value per line");
    }

    @Test
    void aSortedCockroachRowMustHaveAValuePerColumn() {
        assertEquals("line 5 has 3 values, the query declares 2 columns", only(MalformedRecord.class,
                "mode cockroach\nquery IT rowsort\nSELECT 1\n----\n1 a b\n").problem());
        assertEquals(List.of("1", "a", "b"), values(only(QueryRecord.class,
                "mode cockroach\nquery IT\nSELECT 1\n----\n1 a b\n")), "unsorted: left to the comparison");
    }

    @Test
    void statementOkInUpperCase() {
        assertEquals(new StatementExpectation.Ok(),
                only(StatementRecord.class, "statement OK\nSELECT 1\n").expectation());
    }

    @Test
    void pgcodeChecksTheSqlState() {
        StatementRecord s = only(StatementRecord.class, "statement error pgcode 42P01 relation .* does not exist\nx\n");
        ErrorExpectation e = ((StatementExpectation.Error) s.expectation()).error();
        assertEquals(new ErrorExpectation.WithSqlState("42P01",
                new ErrorExpectation.MessageRegex("relation .* does not exist")), e);
        assertTrue(e.matches("relation \"t\" does not exist", "42P01"));
        assertFalse(e.matches("relation \"t\" does not exist", "42S02"), "another SQLSTATE");
        assertFalse(e.matches("syntax error", "42P01"), "another message");
        assertFalse(e.matches("relation \"t\" does not exist", ""), "no SQLSTATE");
        QueryRecord q = only(QueryRecord.class, "query error pgcode 22012\nSELECT 1/0\n");
        ErrorExpectation any = ((QueryExpectation.Error) q.expectation()).error();
        assertTrue(any.matches("whatever", "22012"));
        assertEquals("an error with SQLSTATE 22012", any.describe());
        assertTrue(only(MalformedRecord.class, "statement error pgcode 123\nx\n").problem()
                .contains("a SQLSTATE has five letters or digits, got '123'"));
    }

    @Test
    void queryOptionsAreCommaSeparated() {
        QueryRecord r = only(QueryRecord.class,
                "mode cockroach\nquery IT colnames,rowsort,retry label-1\nSELECT 1, 2\n----\na b\u2420c\n1 x\n");
        assertEquals(SortMode.ROWSORT, r.sort());
        assertEquals(Optional.of(List.of("a", "b c")), r.columnNames());
        assertTrue(r.retry());
        assertEquals(Optional.of("label-1"), r.label());
        assertEquals(List.of("1", "x"), values(r));
        assertEquals(6, r.resultLine(), "the first value's line, after the names");
    }

    @Test
    void partialSortTakesItsKeyColumns() {
        QueryRecord r = only(QueryRecord.class, "query III partialsort(1,3),colnames\nSELECT 1\n----\na b c\n");
        assertEquals(SortMode.PARTIALSORT, r.sort());
        assertEquals(List.of(1, 3), r.sortColumns());
        assertTrue(r.columnNames().isPresent());
        assertTrue(only(MalformedRecord.class, "query I partialsort\nSELECT 1\n").problem()
                .startsWith("partialsort needs its key columns"));
        assertEquals("partialsort column 2 is not one of the 1 columns",
                only(MalformedRecord.class, "query I partialsort(2)\nSELECT 1\n----\n1\n").problem());
    }

    @Test
    void contradictoryOrUnknownOptionsAreMalformed() {
        assertEquals("more than one sort option in 'rowsort,valuesort'",
                only(MalformedRecord.class, "query I rowsort,valuesort\nSELECT 1\n").problem());
        assertEquals("multiline cannot be combined with colnames or sorting",
                only(MalformedRecord.class, "query T multiline,rowsort\nSELECT 1\n----\nx\nEOF\n").problem());
        assertTrue(only(MalformedRecord.class, "query I nosrot\nSELECT 1\n").problem()
                .startsWith("unknown sort method or query option 'nosrot'"));
        assertEquals("colnames needs the column names as the first result line",
                only(MalformedRecord.class, "query I colnames\nSELECT 1\n").problem());
    }

    @Test
    void multilineTakesEveryLineUpToEof() {
        List<Record> records = parse("query T multiline\nSELECT 1\n----\nfirst\n\n# kept\n  \nlast\nEOF\n\n"
                + "statement ok\nSELECT 2\n");
        assertEquals(2, records.size(), records::toString);
        assertEquals(List.of("first\n\n# kept\n\nlast"), values((QueryRecord) records.get(0)));
        assertEquals(List.of("Explained Query:\n  Project (#0)\n"), values(only(QueryRecord.class,
                "query T multiline\nEXPLAIN SELECT a FROM y\n----\nExplained Query:\n  Project (#0)\n\nEOF\n")),
                "a blank line before EOF is a final newline, as in Materialize's EXPLAIN records");
        assertTrue(only(MalformedRecord.class, "query T multiline\nSELECT 1\n----\nfirst\n").problem()
                .contains("which is missing"));
    }

    @Test
    void bAndOAreTypeLetters() {
        assertEquals(List.of(ResultType.BOOLEAN, ResultType.OID),
                only(QueryRecord.class, "query BO\nSELECT true, 1\n----\ntrue\n1\n").types());
    }

    @Test
    void whatNoJdbcEngineOffersIsUnsupported() {
        List<Record> records = parse("simple conn=c,user=u\nSELECT 1;\n----\n1\nCOMPLETE 1\n\n"
                + "simple multiline\nSELECT 'a'\n----\na\n\nb\nEOF\nCOMPLETE 1\n\n"
                + "copy t path/t.tsv\n\nquery T kvtrace\nSELECT 1\n\nquery T nodeidx=2\nSELECT 1\n\n"
                + "statement ok\nSELECT 3\n");
        assertEquals(6, records.size(), records::toString);
        assertEquals("the simple query protocol of PostgreSQL's wire protocol (Materialize's 'simple')",
                assertInstanceOf(UnsupportedRecord.class, records.get(0)).feature());
        assertEquals(7, records.get(1).line());
        assertEquals("COPY FROM STDIN (Materialize's 'copy')",
                assertInstanceOf(UnsupportedRecord.class, records.get(2)).feature());
        assertEquals("CockroachDB's query option 'kvtrace'",
                assertInstanceOf(UnsupportedRecord.class, records.get(3)).feature());
        assertEquals("CockroachDB's query option 'nodeidx=2'",
                assertInstanceOf(UnsupportedRecord.class, records.get(4)).feature());
        assertInstanceOf(StatementRecord.class, records.get(5));
    }

    @Test
    void cockroachDirectivesThatTuneItsServerAreIgnored() {
        List<Record> records = parse("subtest one\n\nuser root\nstatement ok\nSELECT 1\n\nkv-batch-size 1\n\n"
                + "reset-server\n");
        assertEquals(2, records.size(), records::toString);
        assertEquals(4, assertInstanceOf(StatementRecord.class, records.get(0)).line());
        assertInstanceOf(ResetServerRecord.class, records.get(1));
    }
}
