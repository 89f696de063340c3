package dev.spindle.bench.db;

import java.math.BigInteger;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The {@code (k INTEGER NOT NULL, v INTEGER NOT NULL)} table every workload uses, and its rows:
 * keys {@code from..to-1}, inserted in a scrambled order (a fixed stride through the range, the
 * same on every engine) with {@code v = value(k)}, a non-negative hash of the key. There is no
 * primary key, so the only index is the one a workload creates.
 *
 * <p>Thread-safety: stateless.
 */
public final class Table {

    /** Rows per JDBC batch (one {@code executeBatch}, auto-commit). */
    public static final int BATCH = 10_000;

    private Table() {
    }

    /** Creates table {@code name}. */
    public static void create(Connection c, String name) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute("CREATE TABLE " + name + " (k INTEGER NOT NULL, v INTEGER NOT NULL)");
        }
    }

    /** The value stored with key {@code k}: non-negative, so {@code v < 0} matches no row. */
    public static int value(int k) {
        return (int) ((k * 2654435761L) >>> 3) & 0x3fff_ffff;
    }

    /** Inserts keys {@code from..to-1} into {@code name} in batches of {@link #BATCH}. */
    public static void load(Connection c, String name, int from, int to) throws SQLException {
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO " + name + " VALUES (?, ?)")) {
            long n = to - from;
            long stride = stride(n);
            int pending = 0;
            for (long i = 0; i < n; i++) {
                int k = from + (int) ((i * stride) % n);
                insert.setInt(1, k);
                insert.setInt(2, value(k));
                insert.addBatch();
                if (++pending == BATCH) {
                    insert.executeBatch();
                    pending = 0;
                }
            }
            if (pending > 0) {
                insert.executeBatch();
            }
        }
    }

    /** A stride coprime with {@code n}, so {@code i * stride mod n} visits every residue once. */
    private static long stride(long n) {
        if (n <= 1) {
            return 1;
        }
        long s = 1_000_003L % n;
        while (s == 0 || !BigInteger.valueOf(s).gcd(BigInteger.valueOf(n)).equals(BigInteger.ONE)) {
            s = (s + 1) % n;
        }
        return s;
    }
}
