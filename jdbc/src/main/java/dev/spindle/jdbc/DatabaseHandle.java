package dev.spindle.jdbc;

import dev.spindle.sql.Database;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One connection's claim on a database. A private database ({@code jdbc:spindle:mem:}) is closed
 * when its only connection releases it; a named one ({@code jdbc:spindle:mem:NAME}) or a file-mode
 * one ({@code jdbc:spindle:file:PATH}, by absolute path; closing it releases the directory) is
 * reference-counted: created by the first connection, shared by all open connections with that
 * name in this JVM, and closed (its data gone) when the last of them releases it. Releasing is
 * idempotent.
 *
 * <p>Thread-safety: {@link #acquire} and {@link #release} may be called from any thread.
 */
final class DatabaseHandle {
    private static final Map<String, Shared> SHARED = new HashMap<>();

    private static final class Shared {
        final Database database;
        final ConnectionSpec spec;
        int refs;

        Shared(Database database, ConnectionSpec spec) {
            this.database = database;
            this.spec = spec;
        }
    }

    private final Database database;
    private final String name;
    private final AtomicBoolean released = new AtomicBoolean();

    private DatabaseHandle(Database database, String name) {
        this.database = database;
        this.name = name;
    }

    /**
     * The database {@code spec} names: a new private one, or the named one (created with
     * {@code spec}'s mode and workers if no connection holds it; otherwise the existing one, whose
     * mode and workers were fixed by its first connection).
     */
    static DatabaseHandle acquire(ConnectionSpec spec) {
        if (spec.name() == null) {
            return new DatabaseHandle(Database.open(spec.mode(), spec.workers()), null);
        }
        synchronized (SHARED) {
            Shared s = SHARED.get(spec.name());
            if (s == null) {
                Database db = spec.file() == null ? Database.open(spec.mode(), spec.workers())
                        : Database.open(spec.file().dir(), spec.mode(), spec.workers(), spec.file().options());
                s = new Shared(db, spec);
                SHARED.put(spec.name(), s);
            }
            s.refs++;
            return new DatabaseHandle(s.database, spec.name());
        }
    }

    Database database() {
        return database;
    }

    /** Gives the claim up; the last claim on a database closes it. */
    void release() {
        if (!released.compareAndSet(false, true)) {
            return;
        }
        if (name == null) {
            database.close();
            return;
        }
        Database toClose = null;
        synchronized (SHARED) {
            Shared s = SHARED.get(name);
            if (s != null && s.database == database && --s.refs == 0) {
                SHARED.remove(name);
                toClose = s.database;
            }
        }
        if (toClose != null) {
            toClose.close();
        }
    }
}
