package dev.spindle.jdbc.example;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A newcomer's program: plain {@code java.sql} only, run by {@code DriverJarIT} in a JVM whose
 * class path is the driver jar and this class. It prints one line per step; the test compares
 * them. It ends by returning from {@code main}, so the JVM exits only if the driver leaves no
 * non-daemon thread behind.
 */
public final class DriverJarExample {
    private DriverJarExample() {
    }

    public static void main(String[] args) throws SQLException {
        List<String> drivers = new ArrayList<>();
        DriverManager.drivers().forEach(d -> drivers.add(d.getClass().getName()));
        System.out.println("drivers " + drivers);

        try (Connection c = DriverManager.getConnection("jdbc:spindle:mem:");
             Statement st = c.createStatement()) {
            Driver driver = DriverManager.getDriver("jdbc:spindle:mem:");
            System.out.println("driver " + driver.getClass().getName() + " "
                    + c.getMetaData().getDatabaseProductName());

            st.execute("CREATE TABLE kv (k INTEGER PRIMARY KEY, v TEXT NOT NULL)");
            st.execute("CREATE INDEX kv_k ON kv (k)");
            System.out.println("ddl done");

            int inserted = 0;
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO kv VALUES (?, ?)")) {
                for (int k = 1; k <= 1000; k++) {
                    insert.setInt(1, k);
                    insert.setString(2, "v" + k);
                    insert.addBatch();
                }
                for (int count : insert.executeBatch()) {
                    inserted += count;
                }
            }
            System.out.println("batch inserted " + inserted);

            try (PreparedStatement lookup = c.prepareStatement("SELECT v FROM kv WHERE k = ?")) {
                for (int k : new int[] {42, 1000, 1001}) {
                    lookup.setInt(1, k);
                    try (ResultSet rs = lookup.executeQuery()) {
                        System.out.println("lookup " + k + " -> " + (rs.next() ? rs.getString(1) : "none"));
                    }
                }
            }

            c.setAutoCommit(false);
            st.executeUpdate("INSERT INTO kv VALUES (1001, 'committed')");
            c.commit();
            st.executeUpdate("INSERT INTO kv VALUES (1002, 'rolled back')");
            System.out.println("in transaction " + count(st));
            c.rollback();
            c.setAutoCommit(true);
            System.out.println("after commit and rollback " + count(st) + " rows, max k " + maxKey(st));

            for (String sql : new String[] {
                "INSERT INTO kv VALUES (42, 'again')",
                "SELECT * FROM missing",
                "SELECT 1 / 0"}) {
                try {
                    st.execute(sql);
                    System.out.println("no error: " + sql);
                } catch (SQLException e) {
                    System.out.println("error " + e.getSQLState() + " " + e.getErrorCode());
                }
            }
        }
        System.out.println("closed");
    }

    private static long count(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT count(*) FROM kv")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static int maxKey(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT max(k) FROM kv")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
