package dev.spindle.sqllogictest.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.sqllogictest.engine.EngineSpec;
import dev.spindle.sqllogictest.engine.KnownEngines;
import dev.spindle.sqllogictest.format.ScriptParser;
import dev.spindle.sqllogictest.render.ResultHash;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Runs small scripts on in-memory SQLite (label {@code sqlite} unless a test says otherwise). */
class ScriptRunnerTest {

    private static int databases;

    static FileResult run(String text, RunSettings settings) {
        return run("t.test", text, settings);
    }

    static FileResult run(String name, String text, RunSettings settings) {
        try (JdbcSession engine = open(settings.engine());
             JdbcSession reference = settings.reference().isPresent() ? open(settings.reference().get()) : null) {
            return new ScriptRunner(ScriptParser.parse(name, text), engine, reference, settings).run();
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }

    private static JdbcSession open(EngineSpec engine) throws SQLException {
        int n = ++databases;
        return new JdbcSession(engine.open(n), engine.statementMethod(), 0);
    }

    static FileResult sqlite(String text) {
        return run(text, RunSettings.of(KnownEngines.SQLITE));
    }

    private static List<Integer> failedLines(FileResult result) {
        return result.failures().stream().map(Failure::line).collect(Collectors.toList());
    }

    private static void assertCounts(FileResult result, int passed, int failed, int skipped) {
        assertEquals(List.of(passed, failed, skipped), List.of(result.passed(), result.failed(), result.skipped()),
                () -> "passed/failed/skipped; failures: " + result.failures());
    }

    @Test
    void statementsPassAndFail() {
        FileResult result = sqlite("statement ok\nCREATE TABLE t(a INTEGER)\n\n"
                + "statement ok\nINSERT INTO nosuch VALUES(1)\n\n"
                + "statement error\nINSERT INTO nosuch VALUES(1)\n\n"
                + "statement error\nINSERT INTO t VALUES(1)\n\n"
                + "statement error no such table\nSELECT * FROM nosuch\n\n"
                + "statement error no such column\nSELECT * FROM nosuch\n\n"
                + "statement count 1\nINSERT INTO t VALUES(2)\n\n"
                + "statement count 5\nDELETE FROM t\n");
        assertCounts(result, 4, 4, 0);
        assertEquals(List.of(4, 10, 16, 22), failedLines(result));
        Failure notFailing = result.failures().get(1);
        assertEquals("statement succeeded but an error was expected", notFailing.problem());
        assertEquals("error message does not match", result.failures().get(2).problem());
        assertEquals("wrong number of rows affected", result.failures().get(3).problem());
        assertEquals("ok, 5 rows affected", result.failures().get(3).expected());
    }

    @Test
    void aStatementRecordRunsEveryStatementInIt() {
        FileResult result = sqlite("statement ok\nCREATE TABLE t(a INTEGER);\nINSERT INTO t VALUES(1);\n"
                + "INSERT INTO t VALUES(2);\n\nquery I nosort\nSELECT count(*) FROM t\n----\n2\n");
        assertCounts(result, 2, 0, 0);
    }

    @Test
    void queriesCompareRenderedValues() {
        FileResult result = sqlite("statement ok\nCREATE TABLE t(a INTEGER, b TEXT, c REAL)\n\n"
                + "statement ok\nINSERT INTO t VALUES(2,'x',1.5),(1,'',NULL),(3,NULL,2)\n\n"
                + "query ITR rowsort\nSELECT a, b, c FROM t\n----\n1\n(empty)\nNULL\n2\nx\n1.500\n3\nNULL\n2.000\n\n"
                + "query I nosort\nSELECT a FROM t ORDER BY a DESC\n----\n3\n2\n1\n\n"
                + "query I nosort\nSELECT a FROM t ORDER BY a\n----\n3\n2\n1\n\n"
                + "query I valuesort\nSELECT a FROM t\n----\n1\n2\n3\n\n"
                + "query II nosort\nSELECT a FROM t\n----\n1\n\n"
                + "query I nosort\nSELECT a FROM t WHERE a > 5\n\n"
                + "query I nosort\nSELECT a FROM t WHERE a = 1\n----\n1\n2\n");
        assertCounts(result, 6, 3, 0);
        assertEquals(List.of(27, 41, 49), failedLines(result));
        assertEquals("wrong result", result.failures().get(0).problem());
        assertEquals("expected 2 columns but the query returned 1", result.failures().get(1).problem());
        assertEquals("wrong result: expected 2 values but got 1", result.failures().get(2).problem());
    }

    @Test
    void expectedRowsOfARowsortQueryNeedNotBeSorted() {
        FileResult result = sqlite("query IT rowsort\nSELECT 2, 'b' UNION ALL SELECT 1, 'a'\n----\n2\tb\n1\ta\n");
        assertCounts(result, 1, 0, 0);
    }

    @Test
    void largeResultsCompareByHash() {
        // printf '1\n2\n3\n' | md5sum
        FileResult result = sqlite("query I rowsort\nSELECT 3 UNION SELECT 1 UNION SELECT 2\n----\n"
                + "3 values hashing to c0710d6b4f15dfa88f600b0e6b624077\n\n"
                + "query I rowsort\nSELECT 3 UNION SELECT 1 UNION SELECT 4\n----\n"
                + "3 values hashing to c0710d6b4f15dfa88f600b0e6b624077\n");
        assertCounts(result, 1, 1, 0);
        assertEquals("wrong result hash", result.failures().get(0).problem());
        assertTrue(result.failures().get(0).actual().startsWith("3 values hashing to "));
    }

    @Test
    void labelsBindAHashAcrossQueries() {
        FileResult result = sqlite("query I rowsort label-1\nSELECT 1\n----\n1\n\n"
                + "query I rowsort label-1\nSELECT 1 + 0\n----\n1\n\n"
                + "query I rowsort label-2\nSELECT 2\n----\n2\n\n"
                + "query I rowsort label-2\nSELECT 3\n----\n3\n");
        assertCounts(result, 3, 1, 0);
        Failure failure = result.failures().get(0);
        assertEquals("labeled result does not agree: label label-2 was bound at line 11 to a result hashing to "
                + ResultHash.md5(List.of("2")) + "; this result hashes to " + ResultHash.md5(List.of("3")),
                failure.problem());
        assertEquals("3", failure.expected(), "the record's own expected values");
        assertEquals("3", failure.actual(), "the record's own actual values, not a hash");
    }

    @Test
    void aLabelMismatchShowsValuesEvenAboveTheHashThreshold() {
        FileResult result = sqlite("query I rowsort label-1\nVALUES(1),(2)\n----\n1\n2\n\n"
                + "hash-threshold 1\n\n"
                + "query I rowsort label-1\nVALUES(1),(3)\n----\n2 values hashing to "
                + ResultHash.md5(List.of("1", "3")) + "\n");
        assertCounts(result, 1, 1, 0);
        assertEquals("1\n3", result.failures().get(0).actual());
    }

    @Test
    void aSkippedLabelledQueryBindsItsExpectedHash() {
        FileResult result = sqlite("skipif sqlite\nquery I rowsort label-9\nSELECT 7\n----\n7\n\n"
                + "query I rowsort label-9\nSELECT 8\n----\n8\n");
        assertCounts(result, 0, 1, 1);
        assertTrue(result.failures().get(0).problem().startsWith(
                "labeled result does not agree: label label-9 was bound at line 2"), result.failures().toString());
    }

    @Test
    void aSkippedLabelledQueryIsCheckedAgainstItsLabel() {
        FileResult result = sqlite("query I rowsort label-9\nSELECT 7\n----\n7\n\n"
                + "skipif sqlite\nquery I rowsort label-9\nSELECT 7\n----\n7\n\n"
                + "skipif sqlite\nquery I rowsort label-9\nSELECT 8\n----\n8\n");
        assertCounts(result, 1, 1, 1);
        Failure failure = result.failures().get(0);
        assertEquals(13, failure.line());
        assertEquals("labeled result does not agree: label label-9 was bound at line 1 to a result hashing to "
                + ResultHash.md5(List.of("7")) + "; the expected result of this skipped query hashes to "
                + ResultHash.md5(List.of("8")), failure.problem());
        assertEquals("8", failure.expected());
    }

    @Test
    void conditionsSkipRecordsByLabel() {
        String text = "skipif sqlite\nstatement ok\nSELECT nonsense\n\n"
                + "onlyif postgresql\nstatement ok\nSELECT nonsense\n\n"
                + "onlyif SQLite # case does not matter\nstatement ok\nSELECT 1\n\n"
                + "skipif mysql\nskipif mssql\nstatement ok\nSELECT 1\n\n"
                + "onlyif mysql\nhash-threshold 1\n";
        assertCounts(sqlite(text), 2, 0, 3);
        FileResult asPostgres = run(text, RunSettings.of(KnownEngines.SQLITE.withLabel("postgresql")));
        assertCounts(asPostgres, 1, 2, 2);
    }

    @Test
    void haltEndsTheFileAndIsConditional() {
        FileResult result = sqlite("onlyif mysql\nhalt\n\nstatement ok\nSELECT 1\n\nskipif mysql\nhalt\n\n"
                + "statement ok\nSELECT nonsense\n");
        assertCounts(result, 1, 0, 1);
        assertEquals("halted at line 8", result.note());
        assertEquals(FileResult.Status.RAN, result.status());
    }

    @Test
    void hashThresholdControlsHowActualResultsAreShown() {
        FileResult result = sqlite("hash-threshold 2\n\nquery I nosort\nSELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3\n"
                + "----\n1\n2\n4\n");
        assertCounts(result, 0, 1, 0);
        assertEquals("1\n2\n3", result.failures().get(0).actual()); // value mismatches always show values
        FileResult failed = sqlite("hash-threshold 2\n\nquery I nosort\nSELECT nonsense\n----\n1\n");
        assertTrue(failed.failures().get(0).actual().startsWith("error: "));
    }

    @Test
    void modeSkipSkipsUntilUnskip() {
        FileResult result = sqlite("mode skip\n\nstatement ok\nSELECT nonsense\n\nquery I\nSELECT nonsense\n\n"
                + "mode unskip\n\nstatement ok\nSELECT 1\n");
        assertCounts(result, 1, 0, 2);
    }

    @Test
    void requireSkipsTheRestOfTheFileUnlessTheFeatureIsThere() {
        String text = "statement ok\nSELECT 1\n\nrequire json\n\nstatement ok\nSELECT nonsense\n\nquery I\nSELECT 1\n----\n1\n";
        FileResult result = sqlite(text);
        assertCounts(result, 1, 0, 2);
        assertEquals(FileResult.Status.SKIPPED, result.status());
        assertEquals("requires 'json' (line 4)", result.note());
        RunSettings withJson = new RunSettings(KnownEngines.SQLITE, Optional.empty(), OptionalInt.empty(), false, 0,
                Set.of("json"));
        assertCounts(run(text, withJson), 2, 1, 0);
    }

    @Test
    void loopsSubstituteTheirVariable() {
        FileResult result = sqlite("statement ok\nCREATE TABLE t(a INTEGER)\n\n"
                + "loop i 0 3\n\nstatement ok\nINSERT INTO t VALUES(${i})\n\n"
                + "query I nosort\nSELECT count(*) FROM t WHERE a <= ${i}\n----\n${n}\n\nendloop\n\n"
                + "foreach n 1 2\n\nquery I nosort\nSELECT ${n} * 10\n----\n${n}0\n\n"
                + "statement error ${n}\nSELECT nonsense${n}\n\nendloop\n\n"
                + "query I\nSELECT count(*) FROM t\n----\n3\n");
        // the first loop's queries expect the text "${n}", which is unbound there
        assertCounts(result, 1 + 3 + 4 + 1, 3, 0);
        assertEquals(List.of(9, 9, 9), failedLines(result));
    }

    @Test
    void failFastStopsAtTheFirstFailure() {
        FileResult result = run("statement ok\nSELECT nonsense\n\nstatement ok\nSELECT 1\n",
                RunSettings.of(KnownEngines.SQLITE).withFailFast(true));
        assertCounts(result, 0, 1, 0);
        assertEquals("stopped at the first failure (--fail-fast)", result.note());
    }

    @Test
    void malformedRecordsAreCountedApartAndTheFileGoesOn() {
        FileResult result = sqlite("query IX\nSELECT 1\n\nstatement ok\nSELECT 1\n\nstatemnt ok\nSELECT 1\n");
        assertCounts(result, 1, 0, 0);
        assertEquals(List.of(1, 7), result.malformed().stream().map(Failure::line).collect(Collectors.toList()));
        assertTrue(result.malformed().get(0).problem().startsWith("malformed record: unknown type character"));
        assertEquals("malformed record: unknown record type 'statemnt'", result.malformed().get(1).problem());
    }

    @Test
    void queryErrorsMatchTheirMessage() {
        FileResult result = sqlite("query error no such column\nSELECT nonsense\n\n"
                + "query error no such table\nSELECT nonsense\n\nquery error\nSELECT 1\n");
        assertCounts(result, 1, 2, 0);
        assertEquals("query succeeded but an error was expected", result.failures().get(1).problem());
    }

    @Test
    void aQueryMustReturnRows() {
        FileResult result = sqlite("statement ok\nCREATE TABLE t(a INTEGER)\n\nquery I\nINSERT INTO t VALUES(1)\n");
        assertCounts(result, 1, 1, 0);
        assertEquals("query returned no result set", result.failures().get(0).problem());
    }

    @Test
    void referenceEngineDisagreementsAreReported() {
        RunSettings settings = RunSettings.of(KnownEngines.SQLITE).withReference(KnownEngines.H2);
        FileResult result = run("query I nosort\nSELECT sqlite_version() IS NOT NULL\n----\n1\n\n"
                + "query I nosort\nSELECT 1 + 1\n----\n2\n\n"
                + "query I nosort\nSELECT 1 + 1\n----\n3\n\n"
                + "statement ok\nCREATE TABLE t(a INTEGER)\n", settings);
        assertCounts(result, 3, 1, 0);
        assertEquals(List.of(1), result.disagreements().stream().map(Disagreement::line).collect(Collectors.toList()));
        assertTrue(result.disagreements().get(0).reference().startsWith("error: "));
        assertEquals(Failure.ReferenceVerdict.FAILS, result.failures().get(0).reference());
        assertEquals("2", result.failures().get(0).referenceActual());
    }

    @Test
    void referencePassingWhereTheEngineFailsPointsAtTheEngine() {
        RunSettings settings = RunSettings.of(KnownEngines.H2).withReference(KnownEngines.SQLITE);
        FileResult result = run("query I nosort\nSELECT sqlite_version() IS NOT NULL\n----\n1\n", settings);
        assertCounts(result, 0, 1, 0);
        assertEquals(Failure.ReferenceVerdict.PASSES, result.failures().get(0).reference());
        assertEquals(1, result.failuresReferencePasses());
    }

    /** Nine values in one column, declared as two columns: the actual result is shown, not compared. */
    private static final String NINE_VALUES_WRONG_COLUMNS = "query II nosort\nSELECT 1 UNION ALL SELECT 2 UNION ALL "
            + "SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL "
            + "SELECT 8 UNION ALL SELECT 9\n----\n1\n";

    @Test
    void sqliteFilesShowLargeResultsAsHashes() {
        FileResult result = run("t.test", NINE_VALUES_WRONG_COLUMNS, RunSettings.of(KnownEngines.SQLITE));
        assertTrue(result.failures().get(0).actual().startsWith("9 values hashing to "));
    }

    @Test
    void extendedFilesDoNotHashByDefault() {
        FileResult result = run("t.slt", NINE_VALUES_WRONG_COLUMNS, RunSettings.of(KnownEngines.SQLITE));
        assertEquals("1\n2\n3\n4\n5\n6\n7\n8\n9", result.failures().get(0).actual());
    }

    @Test
    void hashThresholdOverrideReplacesTheFilesThreshold() {
        RunSettings never = RunSettings.of(KnownEngines.SQLITE).withHashThreshold(0);
        assertEquals("1\n2\n3\n4\n5\n6\n7\n8\n9",
                run("t.test", NINE_VALUES_WRONG_COLUMNS, never).failures().get(0).actual());
        RunSettings two = RunSettings.of(KnownEngines.SQLITE).withHashThreshold(2);
        String text = "hash-threshold 100\n\nquery II\nSELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3\n";
        assertTrue(run("t.slt", text, two).failures().get(0).actual().startsWith("3 values hashing to "));
    }

    private static FileResult h2(String text) {
        return run("t.slt", text, RunSettings.of(KnownEngines.H2));
    }

    @Test
    void pgcodeChecksTheSqlStateTheDriverReports() {
        FileResult result = h2("query error pgcode 22012\nSELECT 1/0\n\n"
                + "query error pgcode 42P01\nSELECT 1/0\n\n"
                + "statement error pgcode 22012 (?i)division\nSELECT 1/0\n");
        assertCounts(result, 2, 1, 0);
        assertEquals(4, result.failures().get(0).line());
        assertEquals("an error with SQLSTATE 42P01", result.failures().get(0).expected());
    }

    @Test
    void colnamesCompareTheColumnLabels() {
        FileResult result = h2("mode cockroach\n\nquery IT colnames\nSELECT 1 AS a, 'x' AS \"b c\"\n----\na b\u2420c\n1 x\n\n"
                + "query I colnames\nSELECT 1 AS z\n----\ny\n1\n");
        assertCounts(result, 1, 1, 0);
        assertEquals("wrong column names", result.failures().get(0).problem());
        assertEquals("y", result.failures().get(0).expected());
        assertEquals("z", result.failures().get(0).actual());
    }

    @Test
    void unsupportedRecordsAreCountedApart() {
        FileResult result = h2("reset-server\n\nsimple\nSELECT 1\n----\n1\nCOMPLETE 1\n\nstatement ok\nSELECT 1\n\n"
                + "skipif postgresql\ncopy t t.tsv\n\nreset-server\n");
        assertCounts(result, 1, 0, 1);
        assertEquals(List.of(3, 15), result.unsupported().stream().map(Unsupported::line).collect(Collectors.toList()));
        assertTrue(result.unsupported().get(1).feature().contains("reset-server"));
    }

    @Test
    void retryRunsAFailingQueryAgain() {
        long start = System.nanoTime();
        FileResult result = h2("query I retry\nSELECT 2\n----\n1\n");
        assertCounts(result, 0, 1, 0);
        assertTrue(System.nanoTime() - start >= ScriptRunner.RETRIES * ScriptRunner.RETRY_PAUSE_MILLIS * 1_000_000L,
                "it was tried again, with pauses");
    }
}
