package dev.spindle.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The child JVM of the file-mode process tests. {@code hold DIR}: opens the database, prints
 * {@code ready} and waits to be killed. {@code commit DIR FIRST}: opens it, creates the table and
 * index if missing, prints {@code ready}, then inserts ids from FIRST on, one commit each, printing
 * {@code ack ID} once each commit returned, until killed.
 */
public final class FileModeChild {
    private FileModeChild() {
    }

    public static void main(String[] args) throws Exception {
        String url = "jdbc:spindle:file:" + args[1];
        try (Connection c = DriverManager.getConnection(url)) {
            if (args[0].equals("hold")) {
                System.out.println("ready");
                System.out.flush();
                Thread.sleep(600_000);
                return;
            }
            try (Statement s = c.createStatement()) {
                try {
                    s.execute("CREATE TABLE t (id INT PRIMARY KEY, v TEXT NOT NULL)");
                    s.execute("CREATE INDEX t_v ON t (v)");
                } catch (SQLException exists) {
                    // created by an earlier trial
                }
            }
            System.out.println("ready");
            System.out.flush();
            try (PreparedStatement p = c.prepareStatement("INSERT INTO t VALUES (?, ?)")) {
                for (int id = Integer.parseInt(args[2]); ; id++) {
                    p.setInt(1, id);
                    p.setString(2, "v" + (id % 17));
                    p.executeUpdate();
                    System.out.println("ack " + id);
                    System.out.flush();
                }
            }
        }
    }
}
