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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Reads racing DDL (the benchmark's P4): point lookups through one index while another session
 * creates and drops a second index on the same table in a loop (or the lookup's own index), each
 * DDL a commit that lets every index compact. A read at the read timestamp must never fail, however little history the read
 * policy keeps: a commit between the read choosing its time and its peek reaching compute must not
 * compact past that time.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ReadTimeRaceTest {
    private Database db;

    @AfterEach
    void close() {
        if (db != null) {
            db.close();
        }
    }

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void pointLookupsNeverFailBesideACreateDropIndexLoop(RuntimeMode mode) throws Exception {
        db = Database.open(mode, 1, 0); // no history behind the latest write: any later commit may compact to it
        race(s -> {
            s.execute("CREATE INDEX t_v ON t (v)");
            s.execute("DROP INDEX t_v");
        });
    }

    /**
     * The lookup's own index is dropped and made again under it: another session loops CREATE
     * INDEX t_k2 / DROP INDEX t_k / CREATE INDEX t_k / DROP INDEX t_k2, so the prepared lookup's
     * kept plan is lowered again over snapshots where its index is gone, replaced, or back (its
     * Calcite plan kept: only indexes change). Every answer must be right, and no read may fail.
     */
    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void preparedLookupsFollowTheirIndexDroppedAndMadeAgain(RuntimeMode mode) throws Exception {
        db = Database.open(mode, 1);
        race(s -> {
            s.execute("CREATE INDEX t_k2 ON t (k)");
            s.execute("DROP INDEX t_k");
            s.execute("CREATE INDEX t_k ON t (k)");
            s.execute("DROP INDEX t_k2");
        });
    }

    /** One round of the DDL loop, on the DDL session. */
    @FunctionalInterface
    private interface Round {
        void run(Session s);
    }

    /**
     * Loads {@code t (k, v)} with 2,000 rows and index {@code t_k}, starts two sessions looking
     * keys up through one prepared lookup each (every answer checked), runs {@code round} in a
     * loop for 3 s, and fails if any read failed or none ran.
     */
    private void race(Round round) throws Exception {
        Session s = db.session();
        s.execute("CREATE TABLE t (k INT NOT NULL, v INT NOT NULL)");
        StringBuilder insert = new StringBuilder("INSERT INTO t VALUES ");
        int rows = 2000;
        for (int k = 0; k < rows; k++) {
            insert.append(k == 0 ? "" : ", ").append('(').append(k).append(", ").append(k * 7 % 1000).append(')');
        }
        s.execute(insert.toString());
        s.execute("CREATE INDEX t_k ON t (k)");
        AtomicBoolean stop = new AtomicBoolean();
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        AtomicInteger reads = new AtomicInteger();
        List<Thread> readers = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            int seed = r;
            Thread reader = new Thread(() -> {
                try (Session mine = db.session()) {
                    Prepared p = mine.prepare("SELECT v FROM t WHERE k = ?");
                    for (int i = seed; !stop.get(); i += 7) {
                        int k = i % rows;
                        List<Row> got = ((StatementResult.Rows) mine.execute(p, List.of(k))).rows();
                        assertEquals(List.of(Row.of((long) (k * 7 % 1000))), got);
                        reads.incrementAndGet();
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            });
            reader.start();
            readers.add(reader);
        }
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        int rounds = 0;
        while (System.nanoTime() < end && failures.isEmpty()) {
            round.run(s);
            rounds++;
        }
        // a slow machine may not have given the readers a turn yet: let them finish one read
        for (long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                reads.get() == 0 && failures.isEmpty() && System.nanoTime() < deadline; ) {
            Thread.sleep(5);
        }
        stop.set(true);
        for (Thread t : readers) {
            t.join(30_000);
        }
        assertTrue(failures.isEmpty(), () -> "a read failed after " + reads.get() + " reads, " + failures.size()
                + " failures: " + failures.peek());
        assertTrue(rounds > 0 && reads.get() > 0, "rounds " + rounds + ", reads " + reads.get());
    }
}
