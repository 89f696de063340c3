package dev.spindle.bench.workload;

import dev.spindle.bench.db.Table;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.SplittableRandom;

/**
 * The prepared point lookup {@code SELECT v FROM t WHERE k = ?} over keys {@code 0..rows-1}, in a
 * fixed pseudo-random order (the same on every engine), each answer checked against the value
 * the key was loaded with, so a lookup that finds nothing or the wrong row fails the run.
 *
 * <p>Thread-safety: not thread-safe; one per connection and thread.
 */
public final class Lookup implements AutoCloseable {

    /** The query, in the text both engines get. */
    public static final String SQL = "SELECT v FROM t WHERE k = ?";

    private final PreparedStatement query;
    private final int[] keys;
    private int next;

    public Lookup(Connection c, int rows, long seed) throws SQLException {
        this.query = c.prepareStatement(SQL);
        SplittableRandom random = new SplittableRandom(seed);
        this.keys = new int[1 << 16];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = random.nextInt(rows);
        }
    }

    /** Looks the next key up; returns its value. */
    public int next() throws SQLException {
        int k = keys[next++ & (keys.length - 1)];
        query.setInt(1, k);
        try (ResultSet rs = query.executeQuery()) {
            if (!rs.next()) {
                throw new IllegalStateException("key " + k + " not found");
            }
            int v = rs.getInt(1);
            if (v != Table.value(k) || rs.next()) {
                throw new IllegalStateException("key " + k + ": wrong answer " + v);
            }
            return v;
        }
    }

    @Override
    public void close() throws SQLException {
        query.close();
    }
}
