package dev.spindle.sqllogictest.engine;

import java.util.List;
import java.util.Locale;

/**
 * The engines that {@code --engine NAME} and {@code --reference NAME} know by name. Thread-safe:
 * constants only.
 */
public final class KnownEngines {

    /** The label used when none is given: Spindle's semantics are PostgreSQL's. */
    public static final String DEFAULT_LABEL = "postgresql";

    /**
     * H2 in memory, in PostgreSQL mode: unquoted names fold to lower case and NULLs sort last
     * ascending, as in PostgreSQL.
     */
    public static final EngineSpec H2 = new EngineSpec("h2",
            "jdbc:h2:mem:slt{n};MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH",
            DEFAULT_LABEL);

    /** Spindle in memory: {@code jdbc:spindle:mem:} is a private database per connection. */
    public static final EngineSpec SPINDLE = new EngineSpec("spindle", "jdbc:spindle:mem:", DEFAULT_LABEL);

    /** SQLite in memory through xerial's driver; every connection is a new database. */
    public static final EngineSpec SQLITE = new EngineSpec("sqlite", "jdbc:sqlite::memory:", "sqlite");

    /** The names {@link #byName} accepts, for help texts. */
    public static final List<String> NAMES = List.of("h2", "sqlite", "spindle");

    private KnownEngines() {
    }

    /**
     * The engine called {@code name}.
     *
     * @throws IllegalArgumentException for an unknown name
     */
    public static EngineSpec byName(String name) {
        switch (name.toLowerCase(Locale.ROOT)) {
            case "h2":
                return H2;
            case "sqlite":
                return SQLITE;
            case "spindle":
                return SPINDLE;
            default:
                throw new IllegalArgumentException("unknown engine '" + name + "' (known: "
                        + String.join(", ", NAMES) + "; or give a JDBC URL with --url)");
        }
    }

    /** Whether {@code name} is one of the shortcuts. */
    public static boolean isKnown(String name) {
        return NAMES.contains(name.toLowerCase(Locale.ROOT));
    }

    /** An engine given by its URL, labelled {@code label}. */
    public static EngineSpec forUrl(String url, String label) {
        return new EngineSpec(url, url, label);
    }
}
