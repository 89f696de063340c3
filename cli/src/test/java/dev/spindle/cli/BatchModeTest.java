package dev.spindle.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Batch mode through {@link Main#run}: -c, -f, standard input, formats, errors and exit codes. */
class BatchModeTest {
    /** What a run printed and returned. */
    record Result(int status, String out, String err) {
    }

    static Result run(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Io io = new Io(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), false);
        int status = Main.run(args, io);
        return new Result(status, out.toString(StandardCharsets.UTF_8).replace("\r\n", "\n"),
                err.toString(StandardCharsets.UTF_8).replace("\r\n", "\n"));
    }

    private static final String SETUP = "CREATE TABLE t (k INT PRIMARY KEY, v TEXT); "
            + "INSERT INTO t VALUES (1, 'one'), (2, NULL), (3, 'a,b');";

    @Test
    void commandRunsStatementsAndPrintsTablesAndTags() {
        Result r = run("", "-c", SETUP + " SELECT * FROM t ORDER BY k;");
        assertEquals(0, r.status(), r.err());
        assertEquals(String.join("\n",
                "CREATE TABLE",
                "INSERT 3",
                " k |  v",
                "---+------",
                " 1 | one",
                " 2 | NULL",
                " 3 | a,b",
                "(3 rows)", ""), r.out());
        assertEquals("", r.err());
    }

    @Test
    void csvAndJsonPrintOnlyResults() {
        Result csv = run("", "--format", "csv", "-c", SETUP + " SELECT * FROM t ORDER BY k");
        assertEquals(0, csv.status(), csv.err());
        assertEquals("k,v\n1,one\n2,\n3,\"a,b\"\n", csv.out());
        Result json = run("", "--format=JSON", "-c", SETUP + " SELECT k, v, k > 1 AS big FROM t ORDER BY k");
        assertEquals(0, json.status(), json.err());
        assertEquals("[{\"k\":1,\"v\":\"one\",\"big\":false},\n{\"k\":2,\"v\":null,\"big\":true},\n"
                + "{\"k\":3,\"v\":\"a,b\",\"big\":true}]\n", json.out());
    }

    @Test
    void theFirstErrorStopsTheRunWithStatusOneAndACaret() {
        Result r = run("", "-c", "CREATE TABLE t (k INT); SELECT nope FROM t; SELECT 1");
        assertEquals(ExitCode.FAILED, r.status());
        assertEquals("CREATE TABLE\n", r.out(), "nothing after the failing statement ran");
        assertTrue(r.err().startsWith("ERROR:  "), r.err());
        assertTrue(r.err().contains("(SQLSTATE 42703)"), r.err());
        assertTrue(r.err().contains("LINE 1: SELECT nope FROM t\n               ^\n"), r.err());
    }

    @Test
    void filesRunInOrderWithCommandsAndNameTheLineOfAnError(@TempDir Path dir) throws Exception {
        Path setup = dir.resolve("setup.sql");
        Files.writeString(setup, "-- the table\nCREATE TABLE t (k INT);\nINSERT INTO t VALUES (1), (2);\n");
        Path bad = dir.resolve("bad.sql");
        Files.writeString(bad, "SELECT count(*) FROM t;\n\nINSERT INTO t VALUES (1 / 0);\n");
        Result r = run("", "-f", setup.toString(), "-c", "SELECT k FROM t ORDER BY k", "-f", bad.toString());
        assertEquals(ExitCode.FAILED, r.status());
        assertTrue(r.out().contains(" k\n---\n 1\n 2\n(2 rows)\n count\n-------\n     2\n"), r.out());
        assertTrue(r.err().startsWith("spindle:" + bad + ":3: ERROR:  "), r.err());
        assertTrue(r.err().contains("22012"), r.err());
    }

    @Test
    void standardInputIsAScriptWithMetaCommands() {
        Result r = run("CREATE TABLE t (k INT, v TEXT);\nCREATE INDEX t_k ON t (k);\nCREATE INDEX t_k2 ON t (k);\n"
                + "\\d t\n\\x on\nSELECT 1 AS a, NULL AS b\n");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("Table \"public.t\""), r.out());
        assertTrue(r.out().contains("\"t_k2\" (k), re-exports \"t_k\""), r.out());
        assertTrue(r.out().contains("-[ RECORD 1 ]"), r.out());
        assertTrue(r.out().contains("a | 1\nb | NULL\n"), r.out());
        assertTrue(r.err().contains("WARNING:  "), "the duplicate index's notice: " + r.err());
    }

    @Test
    void explainAndTimingAndIncludes(@TempDir Path dir) throws Exception {
        Path inc = dir.resolve("inc.sql");
        Files.writeString(inc, "CREATE TABLE t (k INT);\nINSERT INTO t VALUES (5);\n");
        Result r = run("", "-c", "\\i " + inc + "\n\\timing on\n\\explain SELECT k FROM t WHERE k = 5\nSELECT * FROM t;");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("Timing is on."), r.out());
        assertTrue(r.out().matches("(?s).*Time: \\d+\\.\\d{3} ms.*"), r.out());
        assertTrue(r.out().contains(" 5\n(1 row)"), r.out());
    }

    @Test
    void outputCanGoToAFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("out.txt");
        Result r = run("", "-c", "\\o " + file + "\nSELECT 42 AS answer;\n\\o\nSELECT 1 AS shown;");
        assertEquals(0, r.status(), r.err());
        assertTrue(Files.readString(file).contains(" answer\n--------\n     42\n(1 row)"), Files.readString(file));
        assertTrue(r.out().contains("shown") && !r.out().contains("answer"), r.out());
    }

    @Test
    void anyJdbcUrlWorksH2Included() {
        Result r = run("", "--url", "jdbc:h2:mem:", "-c", "CREATE TABLE t (k INT); INSERT INTO t VALUES (7); SELECT k FROM t");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains(" 7\n(1 row)"), r.out());
    }

    @Test
    void workersAndRuntimeReachTheDriver() {
        Result r = run("", "--workers", "2", "--runtime", "solo", "-c", "SELECT 1 AS x");
        assertEquals(0, r.status(), r.err());
        assertEquals(ExitCode.USAGE, run("", "--workers", "0", "-c", "SELECT 1").status());
        assertEquals(ExitCode.USAGE, run("", "--runtime", "both", "-c", "SELECT 1").status());
        Result h2 = run("", "--url", "jdbc:h2:mem:", "--workers", "2", "-c", "SELECT 1");
        assertEquals(ExitCode.USAGE, h2.status());
        assertTrue(h2.err().contains("jdbc:spindle:"), h2.err());
    }

    @Test
    void usageErrorsAndUnreachableDatabasesAreStatusTwo() {
        Result unknown = run("", "--no-such-option");
        assertEquals(ExitCode.USAGE, unknown.status());
        assertTrue(unknown.err().contains("Unknown option"), unknown.err());
        assertEquals(ExitCode.USAGE, run("", "--format", "xml", "-c", "SELECT 1").status());
        assertEquals(ExitCode.USAGE, run("", "-f", "/no/such/file.sql").status());
        Result noDriver = run("", "--url", "jdbc:nosuchdb:x", "-c", "SELECT 1");
        assertEquals(ExitCode.USAGE, noDriver.status());
        assertTrue(noDriver.err().startsWith("spindle: cannot open jdbc:nosuchdb:x"), noDriver.err());
        Result file = run("", "--url", "jdbc:spindle:file:/proc/spindle-cannot-create", "-c", "SELECT 1");
        assertEquals(ExitCode.USAGE, file.status());
        assertTrue(file.err().contains("58030"), file.err());
    }

    @Test
    void aMetaCommandErrorFailsTheRun() {
        Result r = run("", "-c", "\\nosuch");
        assertEquals(ExitCode.FAILED, r.status());
        assertTrue(r.err().contains("invalid command \\nosuch"), r.err());
        assertEquals(ExitCode.FAILED, run("", "-c", "\\d nosuchtable").status());
    }

    @Test
    void quitStopsAScriptSuccessfully() {
        Result r = run("", "-c", "SELECT 1 AS a;\n\\q\nSELECT nope");
        assertEquals(0, r.status(), r.err());
        assertEquals(" a\n---\n 1\n(1 row)\n", r.out());
    }

    @Test
    void aScriptMayEndWithoutASemicolonButNotInsideAString() {
        assertEquals(0, run("SELECT 1").status());
        Result open = run("SELECT 'open");
        assertEquals(ExitCode.FAILED, open.status());
        assertTrue(open.err().contains("ends inside a string"), open.err());
    }

    @Test
    void helpAndVersion() {
        Result help = run("", "--help");
        assertEquals(0, help.status());
        assertTrue(help.out().contains("Usage: spindle"), help.out());
        assertTrue(help.out().contains("--format=FORMAT"), help.out());
        assertTrue(help.out().contains("slt"), help.out());
        assertTrue(help.out().contains("Exit status"), help.out());
        Result version = run("", "--version");
        assertEquals(0, version.status());
        assertTrue(version.out().startsWith("spindle " + Version.VERSION + "\n"), version.out());
    }

    @Test
    void sltForwardsToTheRunner(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("one.slt");
        Files.writeString(file, "statement ok\nCREATE TABLE t (k INT)\n\nstatement ok\nINSERT INTO t VALUES (1)\n\n"
                + "query I\nSELECT k FROM t\n----\n1\n\nquery I\nSELECT k + 1 FROM t\n----\n3\n");
        Result r = run("", "slt", "--engine", "spindle", file.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("3 passed, 1 failed, 0 skipped"), r.out());
        Result help = run("", "slt", "--help");
        assertEquals(0, help.status());
        assertTrue(help.out().contains("--engine"), help.out());
        assertEquals(2, run("", "slt", "--no-such-runner-option").status());
    }
}
