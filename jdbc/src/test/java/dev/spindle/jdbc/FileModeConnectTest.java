package dev.spindle.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * What a program does first after connecting to a file-mode database whose open is still
 * replaying its log (the connection returns once the files are read and checked): preparing a
 * statement and browsing the metadata see the whole catalog, as a statement does, instead of the
 * part replayed so far. The log holds many catalog statements, so the replay is still going when
 * the first call arrives (before the fix the prepare failed, 42P01, and getTables listed a prefix).
 */
class FileModeConnectTest {
    private static final int TABLES = 150;

    private static String create(String name) throws Exception {
        Path dir = Path.of("target", "file-mode-tests", name + "-" + System.nanoTime());
        Files.createDirectories(dir.getParent());
        String url = "jdbc:spindle:file:" + dir;
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            for (int i = 0; i < TABLES; i++) {
                s.execute("CREATE TABLE t" + i + " (k INT NOT NULL, v INT)");
            }
            s.execute("INSERT INTO t" + (TABLES - 1) + " VALUES (1, 10), (2, 20)");
            s.execute("CREATE INDEX last_k ON t" + (TABLES - 1) + " (k)");
        }
        return url;
    }

    @Test
    void aStatementPreparedRightAfterConnectingSeesTheWholeCatalog() throws Exception {
        String url = create("prepare-at-connect");
        try (Connection c = DriverManager.getConnection(url);
             PreparedStatement q = c.prepareStatement("SELECT v FROM t" + (TABLES - 1) + " WHERE k = ?")) {
            q.setInt(1, 2);
            try (ResultSet r = q.executeQuery()) {
                assertTrue(r.next());
                assertEquals(20, r.getInt(1));
            }
        }
    }

    @Test
    void metadataReadRightAfterConnectingSeesTheWholeCatalog() throws Exception {
        String url = create("metadata-at-connect");
        try (Connection c = DriverManager.getConnection(url);
             ResultSet r = c.getMetaData().getTables(null, "public", "t%", new String[] {"TABLE"})) {
            int n = 0;
            while (r.next()) {
                n++;
            }
            assertEquals(TABLES, n);
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }
}
