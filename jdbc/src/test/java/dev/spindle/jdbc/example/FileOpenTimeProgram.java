package dev.spindle.jdbc.example;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Measures what a program of plain {@code java.sql} meets opening a file-mode database: the time
 * from {@code getConnection} to the rows of its first indexed query. Creates the database first
 * if {@code DIR} does not exist: {@code ROWS} rows {@code (k, v)}, an index on {@code k}, a
 * checkpoint. Not a test (no timed assertions); run by hand with only the driver jar, e.g. as a
 * source file: {@code java -cp spindle-jdbc-VERSION-driver.jar FileOpenTimeProgram.java DIR [ROWS]}
 * (jdbc/README.md, "Opening a file-mode database").
 *
 * <p>Thread-safety: a program, one thread.
 */
public final class FileOpenTimeProgram {
    private FileOpenTimeProgram() {
    }

    public static void main(String[] args) throws SQLException {
        Path dir = Path.of(args[0]);
        int rows = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
        String url = "jdbc:spindle:file:" + dir;
        if (!Files.exists(dir)) {
            create(url, rows);
        }
        long start = System.nanoTime();
        try (Connection c = DriverManager.getConnection(url);
             PreparedStatement q = c.prepareStatement("SELECT v FROM t WHERE k = ?")) {
            long connected = System.nanoTime();
            q.setInt(1, rows / 2);
            try (ResultSet r = q.executeQuery()) {
                if (!r.next()) {
                    throw new IllegalStateException("no row " + rows / 2 + " in " + dir);
                }
                long first = System.nanoTime();
                System.out.printf("connected in %.2f s, first indexed query's rows %.2f s later: %.2f s from open (v = %d)%n",
                        (connected - start) / 1e9, (first - connected) / 1e9, (first - start) / 1e9, r.getLong(1));
            }
        }
    }

    private static void create(String url, int rows) throws SQLException {
        long start = System.nanoTime();
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t (k INTEGER NOT NULL, v INTEGER NOT NULL)");
            c.setAutoCommit(false);
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO t VALUES (?, ?)")) {
                for (int k = 0; k < rows; k++) {
                    insert.setInt(1, k);
                    insert.setInt(2, k * 7);
                    insert.addBatch();
                    if ((k + 1) % 50_000 == 0 || k == rows - 1) {
                        insert.executeBatch();
                        c.commit();
                    }
                }
            }
            c.setAutoCommit(true);
            s.execute("CREATE INDEX t_k ON t (k)");
            s.execute("CHECKPOINT");
        }
        System.out.printf("created %d rows, an index and a checkpoint in %.2f s%n", rows, (System.nanoTime() - start) / 1e9);
    }
}
