package dev.spindle.bench.db;

import java.util.Locale;

/**
 * An engine under measurement and the JDBC URL of a fresh in-memory database of it. Spindle's
 * databases are named, so that several connections share one (P4, P8); a named Spindle database
 * lives while a connection to it is open. H2's URL is the sqllogictest runner's PostgreSQL mode,
 * kept alive between connections ({@code DB_CLOSE_DELAY=-1}) until {@link BenchDatabase#close}
 * shuts it down, with a lock timeout of ten minutes: H2's CREATE INDEX locks the table, and with
 * the default of one second a concurrent read fails (P4) instead of waiting, as Spindle's reads
 * never do.
 *
 * <p>Thread-safety: immutable constants.
 */
public enum Engine {
    /** Spindle, split runtimes (maintenance and interactive), one worker each: the default. */
    SPINDLE("spindle", "jdbc:spindle:mem:%s;runtime=split;workers=1"),
    /** Spindle with one runtime doing both maintenance and reads (P4's comparison). */
    SPINDLE_SOLO("spindle-solo", "jdbc:spindle:mem:%s;runtime=solo;workers=1"),
    /** H2 in-memory, PostgreSQL mode. */
    H2("h2", "jdbc:h2:mem:%s;DB_CLOSE_DELAY=-1;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH"
            + ";LOCK_TIMEOUT=600000");

    private final String label;
    private final String urlTemplate;

    Engine(String label, String urlTemplate) {
        this.label = label;
        this.urlTemplate = urlTemplate;
    }

    /** The name in reports and in JMH's parameter. */
    public String label() {
        return label;
    }

    /** The URL of the database named {@code name}. */
    public String url(String name) {
        return String.format(Locale.ROOT, urlTemplate, name);
    }

    /** Whether this is one of Spindle's configurations. */
    public boolean isSpindle() {
        return this != H2;
    }

    /** The engine whose {@link #label()} is {@code label}. */
    public static Engine byLabel(String label) {
        for (Engine e : values()) {
            if (e.label.equals(label)) {
                return e;
            }
        }
        throw new IllegalArgumentException("unknown engine " + label);
    }
}
