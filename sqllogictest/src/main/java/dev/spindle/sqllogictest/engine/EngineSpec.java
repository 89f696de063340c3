package dev.spindle.sqllogictest.engine;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Objects;

/**
 * A database to run sqllogictest files against.
 *
 * @param name        a short name for reports ({@code h2}, {@code sqlite}, or the URL itself)
 * @param urlTemplate a JDBC URL; every {@code {n}} in it is replaced by a number that is new for
 *                    each database opened, so that each file gets a fresh database
 * @param label       the engine name that {@code skipif}/{@code onlyif} records are matched against
 */
public record EngineSpec(String name, String urlTemplate, String label) {

    /** The placeholder replaced by a per-database counter. */
    public static final String COUNTER = "{n}";

    public EngineSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(urlTemplate, "urlTemplate");
        Objects.requireNonNull(label, "label");
        if (!urlTemplate.startsWith("jdbc:")) {
            throw new IllegalArgumentException("not a JDBC URL (must start with jdbc:): " + urlTemplate);
        }
        if (label.isBlank()) {
            throw new IllegalArgumentException("label must not be blank");
        }
    }

    /** The same engine with another label. */
    public EngineSpec withLabel(String newLabel) {
        return new EngineSpec(name, urlTemplate, newLabel);
    }

    /** How statement records are handed to this engine's driver (decided by the URL's driver). */
    public StatementMethod statementMethod() {
        return StatementMethod.forUrl(urlTemplate);
    }

    /** The URL of database number {@code n}. */
    public String url(int n) {
        return urlTemplate.replace(COUNTER, Integer.toString(n));
    }

    /**
     * Opens database number {@code n}.
     *
     * @throws SQLException if no driver accepts the URL or the driver cannot connect
     */
    public Connection open(int n) throws SQLException {
        return DriverManager.getConnection(url(n));
    }
}
