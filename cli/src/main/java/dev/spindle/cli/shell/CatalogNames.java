package dev.spindle.cli.shell;

import dev.spindle.cli.exec.Describer;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The names of tables, views, indexes and columns, read from the catalog when first needed
 * after a statement that may have changed it.
 *
 * <p>Thread-safety: {@link #invalidate()} from any thread; {@link #names()} from the shell's
 * thread (it reads through the connection, which is idle while the shell reads a line).
 */
final class CatalogNames {
    /** The connection, or null while it is being opened. */
    private final java.util.function.Supplier<Connection> connection;
    private volatile boolean stale = true;
    private Describer.Names names = Describer.Names.NONE;

    CatalogNames(java.util.function.Supplier<Connection> connection) {
        this.connection = connection;
    }

    /** The catalog may have changed: read it again next time. */
    void invalidate() {
        stale = true;
    }

    /** The names, read again if the catalog may have changed; the last names read if that fails. */
    Describer.Names names() {
        Connection c = connection.get();
        if (stale && c != null) {
            stale = false;
            try {
                names = new Describer(c).names();
            } catch (SQLException | RuntimeException e) {
                // completion must not fail the line being typed: keep what was known
                stale = true;
            }
        }
        return names;
    }
}
