package dev.spindle.cli.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jline.terminal.Attributes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real shell on a virtual terminal: keys go in through the terminal's line discipline, and
 * the test reads what the screen shows.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class InteractiveShellTest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String PROMPT = "spindle=> ";

    @TempDir
    Path dir;

    private Connection connection;
    private VirtualTerminal vt;
    private CompletableFuture<Integer> shell;
    /** Where on the screen the test has read up to. */
    private int seen;

    private void start(int columns, boolean warmUp) throws Exception {
        start(columns, 40, null, "jdbc:spindle:mem:");
    }

    /** The shell on a terminal {@code columns} by {@code rows}, with a pager command (null: built-in), on {@code url}. */
    private void start(int columns, int rows, String pager, String url) throws Exception {
        connection = DriverManager.getConnection(url);
        vt = new VirtualTerminal(columns, rows);
        InteractiveShell s = new InteractiveShell(vt.terminal, connection,
                new ShellOptions("spindle", url, dir.resolve("history"), true, false, pager));
        shell = CompletableFuture.supplyAsync(s::run);
        seen = vt.await(PROMPT, 0, WAIT);
    }

    /** Types {@code keys}, then waits for {@code expect} to appear after what was read so far. */
    private void typeAndAwait(String keys, String expect) throws Exception {
        vt.type(keys);
        seen = vt.await(expect, seen, WAIT);
    }

    /** What the screen shows after position {@code from}. */
    private String screenFrom(int from) {
        return vt.text().substring(from);
    }

    private void bigTable(int rows) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute("CREATE TABLE big (k INT)");
        }
        try (PreparedStatement ins = connection.prepareStatement("INSERT INTO big VALUES (?)")) {
            for (int i = 0; i < rows; i++) {
                ins.setInt(1, i);
                ins.addBatch();
            }
            ins.executeBatch();
        }
    }

    @AfterEach
    void stop() throws Exception {
        if (shell != null && !shell.isDone()) {
            vt.type("\u0003\\q\r");
            shell.get(30, TimeUnit.SECONDS);
        }
        if (vt != null) {
            vt.close();
        }
        if (connection != null) {
            connection.close();
        }
    }

    @Test
    void multiLineStatementsTablesWithNullWarningsAndQuit() throws Exception {
        start(100, true);
        typeAndAwait("CREATE TABLE orders (id INT PRIMARY KEY, customer TEXT);\r", "\nCREATE TABLE\n");
        typeAndAwait("INSERT INTO orders VALUES (1, 'alice'),\r", "spindle-> ");
        typeAndAwait("(2, NULL);\r", "\nINSERT 2\n");
        int before = seen;
        typeAndAwait("SELECT * FROM orders ORDER BY id;\r", "(2 rows)");
        String table = screenFrom(before);
        assertTrue(table.contains(" id | customer\n----+----------\n  1 | alice\n  2 | NULL\n"), table);
        assertTrue(vt.raw().contains("\u001b[2;3mNULL"), "NULL is drawn dim and italic");
        // (on a loaded machine the progress bar may show, erased by \r, which the text keeps on the tag's line)
        typeAndAwait("CREATE INDEX o_c ON orders (customer);\r", "CREATE INDEX\n" + PROMPT);
        before = seen;
        typeAndAwait("CREATE INDEX o_c2 ON orders (customer);\r", "CREATE INDEX\n" + PROMPT);
        assertTrue(screenFrom(before).contains("WARNING:  Index o_c2 is identical to o_c"), screenFrom(before));
        typeAndAwait("\\d orders\r", "re-exports \"o_c\"");
        typeAndAwait("SELECT nope FROM orders;\r", "^");
        assertTrue(vt.text().contains("(SQLSTATE 42703)\nLINE 1: SELECT nope FROM orders\n               ^"), vt.text());
        vt.type("\\q\r");
        assertEquals(InteractiveShell.OK, shell.get(30, TimeUnit.SECONDS));
    }

    @Test
    void tabCompletesKeywordsTablesAndColumns() throws Exception {
        start(100, false);
        typeAndAwait("CREATE TABLE orders (id INT, customer TEXT);\r", "\nCREATE TABLE\n");
        typeAndAwait("INSERT INTO orders VALUES (1, 'alice'), (2, 'bob');\r", "\nINSERT 2\n");
        // without completion this would be "sel * fro ord where cust = 'bob'", a syntax error
        vt.type("sel\t");
        vt.type("* fro\t");
        vt.type("ord\t");
        vt.type("where cust\t");
        int before = seen;
        typeAndAwait("= 'bob';\r", "(1 row)");
        String shown = screenFrom(before);
        assertTrue(shown.contains("  2 | bob"), shown);
        assertFalse(shown.contains("ERROR"), shown);
        vt.type("\\q\r");
        assertEquals(InteractiveShell.OK, shell.get(30, TimeUnit.SECONDS));
        String history = Files.readString(dir.resolve("history"));
        assertTrue(history.contains("select * from orders where customer = 'bob';"), history);
    }

    @Test
    void tabCompletesQualifiedColumnsOfTablesViewsAndAliasesInTheStatement() throws Exception {
        start(100, false);
        typeAndAwait("CREATE TABLE orders (id INT, customer TEXT);\r", "\nCREATE TABLE\n");
        typeAndAwait("CREATE TABLE other (cust_no INT, qty INT);\r", "\nCREATE TABLE\n");
        typeAndAwait("CREATE VIEW v AS SELECT id AS vid, customer AS vname FROM orders;\r", "\nCREATE VIEW\n");
        typeAndAwait("INSERT INTO orders VALUES (1, 'alice'), (2, 'bob');\r", "\nINSERT 2\n");
        typeAndAwait("INSERT INTO other VALUES (2, 5);\r", "\nINSERT 1\n");
        // "cu" after an alias is customer for orders and cust_no for other: only the alias's table counts
        vt.type("select * from orders o join other as x on o.i\t");
        vt.type("= x.cu\t");
        vt.type("where x.q\t");
        vt.type("> 0 and o.cu\t");
        int before = seen;
        typeAndAwait("= 'bob';\r", "(1 row)");
        assertTrue(screenFrom(before).contains("  2 | bob      |       2 |   5"), screenFrom(before));
        // a view's name before FROM names it
        before = seen;
        vt.type("select v.vn\t");
        typeAndAwait("from v order by 1;\r", "(2 rows)");
        assertTrue(screenFrom(before).contains(" alice\n bob\n"), screenFrom(before));
        // unqualified: the columns of the tables the statement names (customer, not cust_no)
        vt.type("select id from orders where cus\t");
        typeAndAwait("= 'alice';\r", "(1 row)");
        vt.type("\\q\r");
        assertEquals(InteractiveShell.OK, shell.get(30, TimeUnit.SECONDS));
        String history = Files.readString(dir.resolve("history"));
        assertTrue(history.contains("select * from orders o join other as x on o.id = x.cust_no where x.qty > 0"
                + " and o.customer = 'bob';"), history);
        assertTrue(history.contains("select v.vname from v order by 1;"), history);
        assertTrue(history.contains("select id from orders where customer = 'alice';"), history);
    }

    @Test
    void ctrlCCancelsARunningQueryAndTheShellGoesOn() throws Exception {
        start(100, false);
        bigTable(500);
        vt.type("SELECT count(*) FROM big a, big b, big c WHERE a.k + b.k + c.k >= 0;\r");
        awaitRunning();
        pressCtrlCUntil("57014");
        typeAndAwait("SELECT count(*) AS n FROM big;\r", "(1 row)");
        assertTrue(vt.text().contains("  n\n-----\n 500\n(1 row)"), vt.text());
    }

    @Test
    void aHydratingIndexShowsProgressAndCtrlCStopsIt() throws Exception {
        start(120, false);
        bigTable(1500); // 2.25M rows to arrange: still hydrating when the display starts, on a fast machine too
        try (Statement st = connection.createStatement()) {
            st.execute("CREATE VIEW squared AS SELECT a.k AS x, b.k AS y FROM big a, big b");
        }
        vt.type("CREATE INDEX squared_x ON squared (x);\r");
        seen = vt.await("(Ctrl-C cancels)", seen, WAIT);
        assertTrue(screenFrom(0).contains("CREATE INDEX squared_x"), screenFrom(0));
        // the view's rows are not known before it is computed: a spinner and the time, not a bar at 0
        assertTrue(screenFrom(0).matches("(?s).*CREATE INDEX squared_x  [|/\\\\-]  (computing the view|[\\d,]+ records arranged so far), \\d+ s.*"),
                screenFrom(0));
        assertFalse(screenFrom(0).contains("squared_x ["), "no bar: " + screenFrom(0));
        pressCtrlCUntil("57014");
        int before = seen;
        typeAndAwait("\\di\r", PROMPT);
        assertFalse(screenFrom(before).contains("squared_x"), "the cancelled index was dropped: " + screenFrom(before));
    }

    @Test
    void thePromptFollowsTransactionBlocks() throws Exception {
        start(100, false);
        typeAndAwait("CREATE TABLE t (k INT);\r", PROMPT);
        typeAndAwait("BEGIN;\r", "spindle=*> ");
        typeAndAwait("INSERT INTO t VALUES (1);\r", "spindle=*> ");
        typeAndAwait("SELECT 1 / 0;\r", "spindle=!> ");
        typeAndAwait("ROLLBACK;\r", "\nROLLBACK\n");
        typeAndAwait("SELECT count(*) AS n FROM t;\r", "(1 row)");
        assertTrue(vt.text().contains(" n\n---\n 0\n"), vt.text());
    }

    @Test
    void thePromptShowsTheTransactionTheDriverReports() throws Exception {
        start(100, false);
        typeAndAwait("SELECT 1 AS a;\r", "(1 row)\n" + PROMPT);
        // a transaction the shell did not see begin (another user of the connection): the driver tells
        try (Statement st = connection.createStatement()) {
            st.execute("BEGIN");
        }
        typeAndAwait("SELECT 2 AS b;\r", "(1 row)\nspindle=*> ");
        typeAndAwait("SELECT 1 / 0;\r", "spindle=!> ");
        try (Statement st = connection.createStatement()) {
            st.execute("ROLLBACK");
        }
        typeAndAwait("SELECT 3 AS c;\r", "(1 row)\n" + PROMPT);
    }

    @Test
    void onOtherDriversThePromptFollowsTheStatements() throws Exception {
        start(100, 40, null, "jdbc:h2:mem:");
        typeAndAwait("CREATE TABLE t (k INT);\r", PROMPT);
        typeAndAwait("BEGIN;\r", "spindle=*> ");
        typeAndAwait("INSERT INTO t VALUES (1);\r", "spindle=*> ");
        typeAndAwait("ROLLBACK;\r", "\nROLLBACK\n" + PROMPT);
        typeAndAwait("SELECT count(*) AS n FROM t;\r", "(1 row)");
        assertTrue(vt.text().contains(" 0\n"), vt.text());
    }

    @Test
    void ctrlCAtThePromptClearsTheLineAndCtrlDQuits() throws Exception {
        start(100, false);
        vt.type("SELECT 'never run'");
        vt.await("never run", seen, WAIT);
        typeAndAwait("\u0003", PROMPT);
        vt.type("\u0004");
        assertEquals(InteractiveShell.OK, shell.get(30, TimeUnit.SECONDS));
        assertFalse(vt.text().contains("(1 row)"), vt.text());
    }

    @Test
    void historyIsSavedAndSearchedWithCtrlR() throws Exception {
        start(100, false);
        typeAndAwait("SELECT 41 + 1 AS answer;\r", "(1 row)");
        int before = seen;
        // Ctrl-R, a piece of the earlier statement, Enter: it runs again
        vt.type("\u0012");
        vt.type("41 +");
        typeAndAwait("\r", "(1 row)");
        assertTrue(screenFrom(before).contains("     42"), screenFrom(before));
        vt.type("\\q\r");
        assertEquals(InteractiveShell.OK, shell.get(30, TimeUnit.SECONDS));
        String history = Files.readString(dir.resolve("history"));
        assertTrue(history.contains("SELECT 41 + 1 AS answer;"), history);
    }

    @Test
    void wideResultsAreShownExpandedAndTimingWorks() throws Exception {
        start(40, false);
        typeAndAwait("\\timing on\r", "Timing is on.");
        typeAndAwait("SELECT 'a fairly long text value' AS first_column, 'another long value' AS second_column;\r",
                "Time: ");
        String shown = vt.text();
        assertTrue(shown.contains("-[ RECORD 1 ]"), shown);
        assertTrue(shown.contains("first_column  | a fairly long text value"), shown);
        typeAndAwait("\\x off\r", "Expanded display is off.");
        typeAndAwait("\\explain SELECT 1;\r", "Time: ");
    }

    @Test
    void resultsTallerThanTheScreenArePagedByTheBuiltInPager() throws Exception {
        start(80, 12, null, "jdbc:spindle:mem:");
        bigTable(30);
        int before = seen;
        typeAndAwait("SELECT k FROM big ORDER BY k;\r", "-- More -- lines 1-11 of 33");
        String page = screenFrom(before);
        // a screen of 12 rows: 11 lines of the result (header, rule, rows 0..8) and the pager's line
        assertTrue(page.contains("  8\n"), page);
        assertFalse(page.contains("  9\n"), page);
        vt.type("\r");
        seen = vt.await("-- More -- lines 1-12 of 33", seen, WAIT);
        assertTrue(screenFrom(before).contains("  9\n"), "Enter shows one more line");
        vt.type(" ");
        seen = vt.await("-- More -- lines 1-23 of 33", seen, WAIT);
        assertTrue(screenFrom(before).contains(" 20\n"), "Space shows a screen more");
        typeAndAwait("q", PROMPT);
        assertFalse(screenFrom(before).contains("(30 rows)"), "q quits the pager: " + screenFrom(before));
        assertFalse(screenFrom(before).contains(" 25\n"), screenFrom(before));

        before = seen;
        typeAndAwait("SELECT k FROM big WHERE k < 5 ORDER BY k;\r", "(5 rows)");
        assertFalse(screenFrom(before).contains("-- More --"), "a result that fits is not paged");

        typeAndAwait("\\pager off\r", "Pager usage is off.");
        before = seen;
        typeAndAwait("SELECT k FROM big ORDER BY k;\r", "(30 rows)");
        assertFalse(screenFrom(before).contains("-- More --"), screenFrom(before));
        typeAndAwait("\\pager on\r", "Pager is used for long output.");

        Path file = dir.resolve("out.txt");
        typeAndAwait("\\o " + file + "\r", PROMPT);
        typeAndAwait("SELECT k FROM big ORDER BY k;\r", PROMPT);
        typeAndAwait("\\o\r", PROMPT);
        assertFalse(vt.text().substring(before).contains("-- More --"), "results to a file are never paged");
        String written = Files.readString(file);
        assertTrue(written.contains(" 29\n(30 rows)"), written);
    }

    @Test
    void aPagerCommandGetsTheWholeResultAndTheShellGoesOnAfterIt() throws Exception {
        Path paged = dir.resolve("paged.txt");
        start(80, 12, "cat > '" + paged + "'", "jdbc:spindle:mem:");
        bigTable(30);
        typeAndAwait("SELECT k FROM big ORDER BY k;\r", PROMPT);
        String got = Files.readString(paged);
        assertTrue(got.contains("\n----\n  0\n  1\n"), got);
        assertTrue(got.endsWith(" 29\n(30 rows)\n"), got);
        assertFalse(vt.text().contains(" 29\n"), "the pager, not the shell, showed it: " + vt.text());
        typeAndAwait("SELECT 41 + 1 AS answer;\r", "(1 row)");
        assertTrue(vt.text().contains("     42"), vt.text());
    }

    @Test
    void aPagerCommandThatCannotRunFallsBackToTheBuiltInPager() throws Exception {
        start(80, 12, "spindle-no-such-pager-command", "jdbc:spindle:mem:");
        bigTable(30);
        typeAndAwait("SELECT k FROM big ORDER BY k;\r", "-- More --");
        assertTrue(vt.text().contains("cannot run the pager 'spindle-no-such-pager-command'"), vt.text());
        typeAndAwait("q", PROMPT);
    }

    @Test
    void thePromptComesBeforeTheConnectionAndOneThatFailsEndsTheShell() throws Exception {
        vt = new VirtualTerminal(100, 40);
        CompletableFuture<Connection> opening = new CompletableFuture<>();
        InteractiveShell s = new InteractiveShell(vt.terminal, opening,
                new ShellOptions("spindle", "jdbc:spindle:mem:", dir.resolve("history"), true, true, null));
        shell = CompletableFuture.supplyAsync(s::run);
        seen = vt.await(PROMPT, 0, WAIT);
        vt.type("SELECT 1 AS a;\r");
        Thread.sleep(200);
        assertFalse(shell.isDone(), "the statement waits for the connection");
        opening.completeExceptionally(new SQLException("no such database", "08001"));
        assertEquals(InteractiveShell.NO_CONNECTION, shell.get(30, TimeUnit.SECONDS));
        assertTrue(vt.text().contains("spindle: cannot open jdbc:spindle:mem:: no such database (SQLSTATE 08001)"),
                vt.text());
    }

    /** Waits until the shell has left the line editor (the terminal is back in canonical mode). */
    private void awaitRunning() throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!vt.terminal.getAttributes().getLocalFlag(Attributes.LocalFlag.ICANON)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the statement did not start");
            }
            Thread.sleep(20);
        }
        Thread.sleep(300);
    }

    /** Presses Ctrl-C until {@code expect} shows (the first press may come before the statement runs). */
    private void pressCtrlCUntil(String expect) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            vt.type("\u0003");
            try {
                seen = vt.await(expect, seen, Duration.ofSeconds(2));
                break;
            } catch (AssertionError e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
            }
        }
        seen = vt.await(PROMPT, seen, WAIT);
        assertEquals(1, countOf(vt.text(), "57014"), "one cancelled statement:\n" + vt.text());
    }

    private static int countOf(String s, String needle) {
        int n = 0;
        for (int i = s.indexOf(needle); i >= 0; i = s.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }
}
