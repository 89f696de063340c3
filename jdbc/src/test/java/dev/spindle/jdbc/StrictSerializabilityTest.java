package dev.spindle.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Eight connections on eight threads share one named in-memory database. Each thread is writer
 * {@code w}: it inserts {@code (w, 0), (w, 1), ...} one statement at a time, and between writes
 * reads in one of three ways (the whole table from storage, one writer's rows through an index,
 * or an indexed view of counts per writer). Every read checks:
 * <ul>
 *   <li>no gaps: having seen {@code (w, n)} it sees every {@code (w, m < n)} (writes are seen in
 *       their commit order);</li>
 *   <li>real time: it sees every write whose {@code executeUpdate} returned before the read
 *       started, and everything a read that completed before it started saw (strict
 *       serializability);</li>
 * </ul>
 * and at the end the table holds exactly every row written.
 *
 * <p>Shared state: {@code committed} and {@code observed} are atomic arrays written by every
 * thread with {@code accumulateAndGet(max)}; everything else is per thread.
 */
class StrictSerializabilityTest {
    static final int THREADS = 8;
    static final int WRITES = 30;

    @ParameterizedTest
    @ValueSource(strings = {"solo", "split"})
    void eightConnectionsLoseNoWriteAndNeverSeeOneOutOfOrder(String runtime) throws Exception {
        String url = "jdbc:spindle:mem:serial_" + runtime + "_" + System.nanoTime() + ";runtime=" + runtime;
        AtomicIntegerArray committed = new AtomicIntegerArray(THREADS); // per writer: last seq + 1 committed
        AtomicIntegerArray observed = new AtomicIntegerArray(THREADS); // per writer: the most any completed read saw
        try (Connection setup = DriverManager.getConnection(url); Statement st = setup.createStatement()) {
            st.execute("CREATE TABLE t (w INTEGER NOT NULL, seq INTEGER NOT NULL)");
            st.execute("CREATE INDEX t_w ON t (w)");
            st.execute("CREATE VIEW progress AS SELECT w, count(*) AS n, max(seq) AS m FROM t GROUP BY w");
            st.execute("CREATE INDEX progress_w ON progress (w)");
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            try {
                List<Future<?>> done = new ArrayList<>();
                for (int w = 0; w < THREADS; w++) {
                    int me = w;
                    done.add(pool.submit(() -> {
                        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
                            for (int seq = 0; seq < WRITES; seq++) {
                                assertEquals(1, s.executeUpdate("INSERT INTO t VALUES (" + me + ", " + seq + ")"));
                                committed.accumulateAndGet(me, seq + 1, Math::max);
                                read(s, (me + seq) % 3, (me + seq + 1) % THREADS, committed, observed);
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> f : done) {
                    f.get(120, TimeUnit.SECONDS);
                }
            } finally {
                pool.shutdownNow();
            }
            Map<Integer, Integer> all = counts(st, "SELECT w, count(*) AS n FROM t GROUP BY w");
            for (int w = 0; w < THREADS; w++) {
                assertEquals(WRITES, all.get(w), "writer " + w);
            }
            try (ResultSet rs = st.executeQuery("SELECT count(*), count(DISTINCT w * 1000 + seq) FROM t")) {
                rs.next();
                assertEquals(THREADS * WRITES, rs.getInt(1));
                assertEquals(THREADS * WRITES, rs.getInt(2));
            }
        }
    }

    /** One read of kind {@code how}, checked against what was committed and observed before it started. */
    private static void read(Statement s, int how, int other, AtomicIntegerArray committed, AtomicIntegerArray observed)
            throws SQLException {
        int[] floor = new int[THREADS];
        for (int w = 0; w < THREADS; w++) {
            floor[w] = Math.max(committed.get(w), observed.get(w));
        }
        Map<Integer, Integer> seen = new HashMap<>();
        String sql;
        if (how == 0) {
            // every row, from storage (the table's index is on w, so the whole table is a scan)
            sql = "SELECT w, seq FROM t";
            Map<Integer, List<Integer>> seqs = new HashMap<>();
            try (ResultSet rs = s.executeQuery(sql)) {
                while (rs.next()) {
                    seqs.computeIfAbsent(rs.getInt(1), k -> new ArrayList<>()).add(rs.getInt(2));
                }
            }
            seqs.forEach((w, l) -> seen.put(w, prefixLength(l, sql)));
        } else if (how == 1) {
            // one writer's rows through the index on w (a fast-path point lookup)
            sql = "SELECT seq FROM t WHERE w = " + other;
            List<Integer> l = new ArrayList<>();
            try (ResultSet rs = s.executeQuery(sql)) {
                while (rs.next()) {
                    l.add(rs.getInt(1));
                }
            }
            seen.put(other, prefixLength(l, sql));
            for (int w = 0; w < THREADS; w++) {
                if (w != other) {
                    floor[w] = 0;
                }
            }
        } else {
            // the indexed view: count and max per writer agree when there are no gaps
            sql = "SELECT w, n, m FROM progress";
            try (ResultSet rs = s.executeQuery(sql)) {
                while (rs.next()) {
                    assertEquals(rs.getLong(2), rs.getLong(3) + 1, sql + ": a gap for writer " + rs.getInt(1));
                    seen.put(rs.getInt(1), rs.getInt(2));
                }
            }
        }
        for (int w = 0; w < THREADS; w++) {
            int got = seen.getOrDefault(w, 0);
            if (got < floor[w]) {
                throw new AssertionError(sql + ": writer " + w + " has " + got + " rows visible, but " + floor[w]
                        + " were committed or seen before the read started");
            }
        }
        seen.forEach((w, n) -> observed.accumulateAndGet(w, n, Math::max));
    }

    /** {@code n} when the sequence numbers are exactly {@code 0..n-1}; else an assertion error. */
    private static int prefixLength(List<Integer> seqs, String sql) {
        seqs.sort(null);
        for (int i = 0; i < seqs.size(); i++) {
            if (seqs.get(i) != i) {
                throw new AssertionError(sql + ": sequence numbers " + seqs + " have a gap or a duplicate at " + i);
            }
        }
        return seqs.size();
    }

    private static Map<Integer, Integer> counts(Statement st, String sql) throws SQLException {
        Map<Integer, Integer> out = new HashMap<>();
        try (ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                out.put(rs.getInt(1), rs.getInt(2));
            }
        }
        return out;
    }
}
