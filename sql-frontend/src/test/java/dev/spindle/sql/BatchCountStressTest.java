package dev.spindle.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.row.Row;
import dev.spindle.compute.controller.RuntimeMode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The benchmark's P6 (once 1,050,000 rows counted after 1,000,000 were inserted): several sessions
 * insert equal batches through a prepared {@code INSERT} (one append each) into a table with an
 * index, while others count its rows through the table and through the index; the arrangements
 * merge their batches meanwhile. Every count must be a whole number of batches, no fewer than had
 * committed when the read started and no more than had started when it ended; at the end every
 * count is exact.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class BatchCountStressTest {
    private static final int WRITERS = 2;
    private static final int BATCHES = 20;
    private static final int BATCH = 300;
    private static final List<String> COUNTS = List.of(
            "SELECT count(*) FROM t",
            "SELECT count(k) FROM t WHERE k >= 0",
            "SELECT count(*) FROM (SELECT k FROM t GROUP BY k) AS g",
            "SELECT sum(c) FROM (SELECT v, count(*) AS c FROM t GROUP BY v) AS g"); // each one row per row of t

    private Database db;

    @AfterEach
    void close() {
        if (db != null) {
            db.close();
        }
    }

    private static long count(Session s, String sql) {
        List<Row> rows = ((StatementResult.Rows) s.execute(sql)).rows();
        assertEquals(1, rows.size(), sql);
        Object c = rows.get(0).get(0);
        return c == null ? 0 : ((Number) c).longValue();
    }

    @ParameterizedTest
    @CsvSource({"SPLIT, 1", "SPLIT, 2"})
    void everyCountIsAPrefixOfTheCommittedBatches(RuntimeMode mode, int workers) throws Exception {
        db = Database.open(mode, workers, 0); // no history kept: merges advance times as far as they may
        Session s = db.session();
        s.execute("CREATE TABLE t (k INT NOT NULL, v INT NOT NULL)");
        s.execute("CREATE INDEX t_k ON t (k)");
        AtomicLong started = new AtomicLong();
        AtomicLong committed = new AtomicLong();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger reads = new AtomicInteger();
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        List<Thread> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int writer = w;
            writers.add(new Thread(() -> {
                try (Session mine = db.session()) {
                    Prepared insert = mine.prepare("INSERT INTO t VALUES (?, ?)");
                    for (int b = 0; b < BATCHES && failures.isEmpty(); b++) {
                        List<List<Object>> batch = new ArrayList<>(BATCH);
                        for (int i = 0; i < BATCH; i++) {
                            int k = (writer * BATCHES + b) * BATCH + i;
                            batch.add(List.of(k, k % 97));
                        }
                        started.incrementAndGet();
                        long[] counts = mine.executeBatch(insert, batch);
                        assertEquals(BATCH, counts.length);
                        committed.incrementAndGet();
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            }, "writer-" + w));
        }
        List<Thread> readers = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            int first = r;
            readers.add(new Thread(() -> {
                try (Session mine = db.session()) {
                    for (int i = first; !stop.get() && failures.isEmpty(); i++) {
                        String sql = COUNTS.get(i % COUNTS.size());
                        long lo = committed.get();
                        long c = count(mine, sql);
                        long hi = started.get();
                        if (c % BATCH != 0 || c < lo * BATCH || c > hi * BATCH) {
                            throw new AssertionError(sql + " counted " + c + " rows with " + lo + " to " + hi
                                    + " batches of " + BATCH + " committed");
                        }
                        reads.incrementAndGet();
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            }, "reader-" + r));
        }
        writers.forEach(Thread::start);
        readers.forEach(Thread::start);
        for (Thread w : writers) {
            w.join(150_000);
        }
        // a slow machine may not have given the readers a turn yet: let them finish one read
        for (long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                reads.get() == 0 && failures.isEmpty() && System.nanoTime() < deadline; ) {
            Thread.sleep(5);
        }
        stop.set(true);
        for (Thread r : readers) {
            r.join(30_000);
        }
        assertTrue(failures.isEmpty(), () -> failures.size() + " failures, first: " + failures.peek());
        long total = (long) WRITERS * BATCHES * BATCH;
        for (String sql : COUNTS) {
            assertEquals(total, count(s, sql), sql);
        }
        assertTrue(reads.get() > 0, "reads: " + reads.get());
    }
}
