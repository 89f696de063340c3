package dev.spindle.sql.parser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A thread reuses its parser after a successful parse ({@code Parsing}): whatever the thread
 * parsed before (a failure, a statement too deep for its stack, dynamic parameters, a lexical
 * error met while looking ahead, a long text), the next statement parses exactly as with a new
 * parser: same trees, positions, parameter indexes, errors and SQLSTATEs.
 */
class ParserReuseTest {
    /** Statements of the kinds the corpus runs, and Spindle's own. */
    static final List<String> STATEMENTS = List.of(
            "SELECT pk FROM tab2 WHERE (col1 >= 8143.70 AND col1 <= 6927.74)",
            "SELECT pk FROM tab0 WHERE col3 BETWEEN 5 AND 10 OR (col0 > 3 AND col4 < 2.5) OR col1 IN (1,2,3)",
            "SELECT - col2 * + 45 + CAST ( NULL AS INTEGER ) FROM tab0 AS cor0 WHERE NOT col1 BETWEEN 1 AND 4",
            "SELECT CASE WHEN a<b-3 THEN 111 WHEN a<=b THEN 222\n WHEN a<b+3 THEN 333 ELSE 444 END,\n"
                    + " a+b*2+c*3 FROM t1 WHERE c BETWEEN b-2 AND d+2 AND d>e ORDER BY 1,2",
            "SELECT (SELECT count(*) FROM t1 AS x WHERE x.c>t1.c), abs(b-c) FROM t1 WHERE EXISTS(SELECT 1 FROM t1 AS x)",
            "INSERT INTO tab0 VALUES(0,6,50.37,'ciomn',2,13.10,'pmtgb')",
            "CREATE TABLE tab0(pk INTEGER PRIMARY KEY, col0 INTEGER, col1 FLOAT, col2 TEXT)",
            "CREATE INDEX idx_tab1_0 on tab1 (col0 DESC)",
            "select count(*), sum(a) from t group by cube(a, b) having max(b) > 2 as of 5",
            "select day, date, \"Mixed\", text from show where index = ? and \"if\" <> ?; select ? from t",
            "update t set a = 2 ^ 3 ^ 2 where b = -- note\n 1; delete from t where c /* x */ = 2",
            "begin; commit; show tables; explain select 1; drop view if exists v cascade",
            "select from t",
            "select 'unterminated",
            "select a from t where b = 1 #",
            "select a as of 5 from t",
            "create table t (a int not null null)",
            "select " + "(".repeat(150) + "1" + ")".repeat(150),
            "select a fro t; select 2");

    @Test
    void everyStatementParsesAfterEveryOtherAsWithANewParser() {
        List<String> fresh = new ArrayList<>();
        for (String sql : STATEMENTS) {
            fresh.add(Outcome.fresh(sql));
        }
        for (String before : STATEMENTS) {
            for (int i = 0; i < STATEMENTS.size(); i++) {
                Outcome.fresh(before);
                String sql = STATEMENTS.get(i);
                assertEquals(fresh.get(i), Outcome.of(sql), () -> "after " + before + "\n  parsing " + sql);
                assertEquals(fresh.get(i), Outcome.of(sql), () -> "twice, after " + before + "\n  parsing " + sql);
            }
        }
    }

    @Test
    void dynamicParametersAreNumberedFromZeroInEachParse() {
        String sql = "select ? from t where a = ?";
        String first = Outcome.fresh(sql);
        assertTrue(first.contains("#0") && first.contains("#1") && !first.contains("#2"), first);
        assertEquals(first, Outcome.of(sql));
        assertEquals(first, Outcome.of(sql));
    }

    @Test
    void aLongTextParsesAfterShortOnesAndTheReverse() {
        String longSql = "select " + "a + ".repeat(Parsing.MAX_KEPT_TEXT / 4) + "1 from t";
        String expected = Outcome.fresh(longSql);
        String shortSql = STATEMENTS.get(0);
        String expectedShort = Outcome.fresh(shortSql);
        assertEquals(expected, Outcome.of(longSql));
        assertEquals(expectedShort, Outcome.of(shortSql));
        assertEquals(expected, Outcome.of(longSql));
    }

    /**
     * A stack overflow mid-parse leaves the parser unusable; the thread's next parse is unharmed.
     * (Both sides run on the same small stack: what overflows depends on the stack.)
     */
    @Test
    void aStackOverflowDoesNotSpoilTheNextParse() throws InterruptedException {
        String deep = "select " + "abs(".repeat(SpindleParser.MAX_NESTING_DEPTH) + "1"
                + ")".repeat(SpindleParser.MAX_NESTING_DEPTH);
        AtomicReference<List<String>> expected = new AtomicReference<>();
        AtomicReference<List<String>> after = new AtomicReference<>();
        AtomicReference<String> deepOutcome = new AtomicReference<>();
        Thread small = new Thread(null, () -> {
            List<String> fresh = new ArrayList<>();
            List<String> got = new ArrayList<>();
            for (String sql : STATEMENTS) {
                fresh.add(Outcome.fresh(sql));
                Outcome.of(STATEMENTS.get(0));
                deepOutcome.set(Outcome.of(deep));
                got.add(Outcome.of(sql));
            }
            expected.set(fresh);
            after.set(got);
        }, "small-stack", 128 * 1024);
        small.start();
        small.join();
        assertTrue(deepOutcome.get().startsWith("failed: STATEMENT_TOO_COMPLEX_1 54001"), deepOutcome.get());
        assertEquals(expected.get(), after.get());
    }

    @Test
    void threadsParsingAtOnceGetWhatANewParserGets() throws Exception {
        List<String> expected = new ArrayList<>();
        for (String sql : STATEMENTS) {
            expected.add(Outcome.fresh(sql));
        }
        int threads = 4;
        CyclicBarrier start = new CyclicBarrier(threads);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<List<String>>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int offset = t;
                results.add(pool.submit(() -> {
                    start.await();
                    List<String> got = new ArrayList<>(expected);
                    for (int round = 0; round < 20; round++) {
                        for (int i = 0; i < STATEMENTS.size(); i++) {
                            int k = (i * 7 + offset + round) % STATEMENTS.size();
                            String outcome = Outcome.of(STATEMENTS.get(k));
                            if (!outcome.equals(expected.get(k))) {
                                got.set(k, outcome);
                            }
                        }
                    }
                    return got;
                }));
            }
            for (Future<List<String>> r : results) {
                assertEquals(expected, r.get());
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
