package dev.spindle.sqllogictest.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class MainTest {

    @TempDir
    Path dir;

    private String out;
    private String err;

    private int run(String... args) {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int status = Main.run(args, new PrintStream(stdout, true, StandardCharsets.UTF_8),
                new PrintStream(stderr, true, StandardCharsets.UTF_8));
        out = stdout.toString(StandardCharsets.UTF_8);
        err = stderr.toString(StandardCharsets.UTF_8);
        return status;
    }

    private Path file(String name, String text) throws IOException {
        Path path = dir.resolve(name);
        Files.writeString(path, text);
        return path;
    }

    private String lastLine() {
        String[] lines = out.split("\n");
        return lines[lines.length - 1];
    }

    @Test
    void failuresDoNotChangeTheExitStatus() throws IOException {
        file("good.test", "statement ok\nCREATE TABLE t(a INTEGER)\n\nquery I\nSELECT 1\n----\n1\n");
        file("bad.test", "skipif sqlite\nstatement ok\nSELECT 1\n\nquery I\nSELECT 1\n----\n2\n");
        assertEquals(0, run("--engine", "sqlite", dir.toString()));
        assertEquals("2 passed, 1 failed, 1 skipped", lastLine());
        assertTrue(out.contains("FAIL " + dir.resolve("bad.test") + "  0 passed, 1 failed, 1 skipped  "), out);
        assertTrue(out.contains("PASS " + dir.resolve("good.test") + "  2 passed, 0 failed, 0 skipped  "), out);
        assertTrue(out.contains("2 files in "), out);
    }

    @Test
    void verbosePrintsEachFailure() throws IOException {
        Path bad = file("bad.test", "query I\nSELECT 1\n----\n2\n");
        assertEquals(0, run("--engine", "sqlite", "--verbose", bad.toString()));
        assertTrue(out.contains(bad + ":1: wrong result\n  sql:\n    SELECT 1\n  expected:\n    2\n  actual:\n    1\n"),
                out);
    }

    @Test
    void malformedRecordsAreShownWithoutVerboseCountedApartAndExitWithOne() throws IOException {
        Path bad = file("bad.test", "statemnt ok\nSELECT 1\n\nquery I nosrot\nSELECT 1\n----\n1\n\n"
                + "statement ok\nSELECT 1\n\nloop i 0 2\n\nstatement ok\nSELECT ${i}\n");
        assertEquals(1, run("--engine", "sqlite", bad.toString()));
        assertTrue(out.contains(bad + ":1: malformed record: unknown record type 'statemnt'\n"), out);
        assertTrue(out.contains(bad + ":4: malformed record: unknown sort method or query option 'nosrot'"), out);
        assertTrue(out.contains(bad + ":12: malformed record: loop over 'i' has no endloop"), out);
        assertTrue(out.contains("FAIL " + bad + "  1 passed, 0 failed, 0 skipped, 3 malformed  "), out);
        assertEquals("1 passed, 0 failed, 0 skipped, 3 malformed", lastLine());
    }

    @Test
    void compareRunsEachEngineAndWritesTheMarkdownTable() throws IOException {
        Path f = file("a.test", "statement ok\nCREATE TABLE t(a INTEGER)\n\nquery I\nSELECT count(*) FROM t\n----\n0\n");
        Path md = dir.resolve("out/table.md");
        assertEquals(0, run("--compare", "h2,sqlite", "--report-md", md.toString(), f.toString()), err);
        assertTrue(out.startsWith("== h2\nPASS " + f + "  2 passed, 0 failed, 0 skipped  "), out);
        assertTrue(out.contains("== sqlite\nPASS " + f + "  2 passed, 0 failed, 0 skipped  "), out);
        String table = Files.readString(md);
        assertTrue(table.startsWith("Produced by `spindle-slt --compare h2,sqlite --report-md " + md + " " + f
                + "`.\n\n| file | records | h2 pass rate | h2 time | sqlite pass rate | sqlite time |\n"), table);
        assertTrue(table.contains("| `" + f + "` | 2 | 100.00 % | "), table);
        assertTrue(table.contains("Total time relative to h2: h2 1.00x, sqlite "), table);
    }

    @Test
    void unsupportedRecordsAreCountedApartAndListedWithWhatTheyNeed() throws IOException {
        Path f = file("a.slt", "simple\nSELECT 1\n----\n1\nCOMPLETE 1\n\ncopy t t.tsv\n\nstatement ok\nSELECT 1\n");
        assertEquals(0, run("--engine", "h2", "--verbose", f.toString()), err);
        assertTrue(out.contains(f + ":1: skipped: needs the simple query protocol"), out);
        assertTrue(out.contains(f + ":7: skipped: needs COPY FROM STDIN"), out);
        assertTrue(out.contains("PASS " + f + "  1 passed, 0 failed, 0 skipped, 2 unsupported  "), out);
        assertTrue(out.contains("\nskipped: needs COPY FROM STDIN (Materialize's 'copy') (1), the simple query "
                + "protocol of PostgreSQL's wire protocol (Materialize's 'simple') (1)\n"), out);
        assertEquals("1 passed, 0 failed, 0 skipped, 2 unsupported", lastLine());
    }

    @Test
    void failFastExitsWithOne() throws IOException {
        Path bad = file("bad.test", "query I\nSELECT 1\n----\n2\n");
        assertEquals(1, run("--engine", "sqlite", "--fail-fast", bad.toString()));
        assertEquals("0 passed, 1 failed, 0 skipped", lastLine());
    }

    @Test
    void anUnreadableFileExitsWithOne() {
        assertEquals(1, run("--engine", "sqlite", dir.resolve("missing.test").toString()));
        assertTrue(out.startsWith("ERROR " + dir.resolve("missing.test") + "  cannot read "), out);
        assertEquals("0 passed, 0 failed, 0 skipped", lastLine());
    }

    @Test
    void anEmptyFolderExitsWithOne() {
        assertEquals(1, run("--engine", "sqlite", dir.toString()));
        assertTrue(err.contains("no .test or .slt files under " + dir), err);
    }

    @Test
    void urlWithCounterGivesEachFileAFreshDatabase() throws IOException {
        String text = "statement ok\nCREATE TABLE t(a INTEGER)\n";
        file("a.test", text);
        file("b.test", text);
        assertEquals(0, run("--url", "jdbc:h2:mem:maintest{n}", dir.toString()));
        assertEquals("2 passed, 0 failed, 0 skipped", lastLine());
    }

    @Test
    void labelDecidesConditions() throws IOException {
        Path f = file("a.test", "onlyif mysql\nstatement ok\nSELECT 1\n");
        run("--engine", "h2", f.toString());
        assertEquals("0 passed, 0 failed, 1 skipped", lastLine());
        run("--engine", "h2", "--label", "mysql", f.toString());
        assertEquals("1 passed, 0 failed, 0 skipped", lastLine());
    }

    @Test
    void spindleRunsAFileWithH2AsItsReference() throws IOException {
        Path f = file("a.test", "statement ok\nCREATE TABLE t(a INTEGER)\n\nstatement ok\nINSERT INTO t VALUES(1), (2)\n\n"
                + "query I\nSELECT sum(a) FROM t\n----\n3\n");
        assertEquals(0, run("--engine", "spindle", "--reference", "h2", f.toString()), err);
        assertEquals("3 passed, 0 failed, 0 skipped", lastLine());
    }

    @Test
    void usageErrorsExitWithTwo() {
        assertEquals(2, run("--engine", "oracle", "x.test"));
        assertTrue(err.contains("unknown engine 'oracle'"), err);
        assertEquals(2, run("--engine", "h2", "--reference", "somewhere", "x.test"));
        assertTrue(err.contains("--reference needs a JDBC URL or one of h2, sqlite"), err);
        assertEquals(2, run("--url", "postgres://x", "x.test"));
        assertTrue(err.contains("not a JDBC URL"), err);
    }

    @Test
    void helpPrintsUsage() {
        assertEquals(0, run("--help"));
        assertTrue(out.startsWith("Usage: java -jar spindle-slt.jar [options] PATH..."), out);
    }

    @Test
    void referenceDisagreementsAreCounted() throws IOException {
        Path f = file("a.test", "query I nosort\nSELECT sqlite_version() IS NOT NULL\n----\n1\n");
        assertEquals(0, run("--engine", "sqlite", "--reference", "h2", f.toString()));
        assertTrue(out.contains("[reference: 1 disagreements, 0 failures it passes]"), out);
    }

    @Test
    void junitXmlIsWritten() throws Exception {
        file("a.test", "query I\nSELECT 1\n----\n2\n\nquery T\nSELECT '<&>'\n----\n<&>\n");
        file("b.slt", "require nothing-here\n\nstatement ok\nSELECT 1\n");
        Path xml = dir.resolve("reports/out.xml");
        assertEquals(0, run("--engine", "sqlite", "--junit-xml", xml.toString(), dir.toString()));
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
        assertEquals("testsuite", doc.getDocumentElement().getTagName());
        assertEquals("2", doc.getDocumentElement().getAttribute("tests"));
        assertEquals("1", doc.getDocumentElement().getAttribute("failures"));
        assertEquals("1", doc.getDocumentElement().getAttribute("skipped"));
        assertEquals(1, doc.getElementsByTagName("failure").getLength());
        assertEquals("1 of 2 records failed",
                ((Element) doc.getElementsByTagName("failure").item(0)).getAttribute("message"));
        assertEquals(1, doc.getElementsByTagName("skipped").getLength());
        assertEquals("sqllogictest.sqlite",
                ((Element) doc.getElementsByTagName("testcase").item(0)).getAttribute("classname"));
    }
}
