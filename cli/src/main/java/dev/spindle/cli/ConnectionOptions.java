package dev.spindle.cli;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

/**
 * Which database to open: a JDBC URL (any driver on the class path) and, for Spindle's URLs,
 * the workers per runtime and the runtime layout, passed as connection properties.
 *
 * @param url      the JDBC URL
 * @param workers  {@code --workers N}, Spindle only
 * @param runtime  {@code --runtime solo|split}, Spindle only
 * @param user     {@code --user}, for drivers that want one
 * @param password {@code --password}
 */
public record ConnectionOptions(String url, Optional<Integer> workers, Optional<String> runtime,
                                Optional<String> user, Optional<String> password) {
    /** The URL the shell opens when none is given: a private in-memory Spindle database. */
    public static final String DEFAULT_URL = "jdbc:spindle:mem:";

    public ConnectionOptions {
        java.util.Objects.requireNonNull(url, "url");
        java.util.Objects.requireNonNull(workers, "workers");
        java.util.Objects.requireNonNull(runtime, "runtime");
        java.util.Objects.requireNonNull(user, "user");
        java.util.Objects.requireNonNull(password, "password");
    }

    /** Whether the URL is Spindle's. */
    public boolean spindle() {
        return url.startsWith("jdbc:spindle:");
    }

    /**
     * Checks the options against each other.
     *
     * @return a message for the user, or empty when they are fine
     */
    public Optional<String> problem() {
        if (!url.startsWith("jdbc:")) {
            return Optional.of("--url needs a JDBC URL (jdbc:...), got '" + url + "'");
        }
        if (!spindle() && (workers.isPresent() || runtime.isPresent())) {
            return Optional.of("--workers and --runtime apply to jdbc:spindle: URLs only");
        }
        if (workers.isPresent() && (workers.get() < 1 || workers.get() > 64)) {
            return Optional.of("--workers must be 1..64, got " + workers.get());
        }
        if (runtime.isPresent() && !runtime.get().equalsIgnoreCase("solo") && !runtime.get().equalsIgnoreCase("split")) {
            return Optional.of("--runtime must be solo or split, got '" + runtime.get() + "'");
        }
        return Optional.empty();
    }

    /** Opens the connection. */
    public Connection open() throws SQLException {
        Properties p = new Properties();
        workers.ifPresent(w -> p.setProperty("workers", Integer.toString(w)));
        runtime.ifPresent(r -> p.setProperty("runtime", r.toLowerCase(Locale.ROOT)));
        user.ifPresent(u -> p.setProperty("user", u));
        password.ifPresent(pw -> p.setProperty("password", pw));
        return DriverManager.getConnection(url, p);
    }

    /**
     * The database's name for the prompt: {@code spindle} for a private in-memory Spindle
     * database, the name of a named one, else the last part of the URL.
     */
    public String label() {
        String target = url;
        int semi = target.indexOf(';');
        if (semi >= 0) {
            target = target.substring(0, semi);
        }
        if (spindle()) {
            String rest = target.substring("jdbc:spindle:".length());
            int colon = rest.indexOf(':');
            String name = colon < 0 ? "" : rest.substring(colon + 1);
            return name.isEmpty() ? "spindle" : name;
        }
        String rest = target.substring("jdbc:".length());
        int cut = Math.max(rest.lastIndexOf(':'), Math.max(rest.lastIndexOf('/'), rest.lastIndexOf('\\')));
        String tail = rest.substring(cut + 1);
        int q = tail.indexOf('?');
        tail = q >= 0 ? tail.substring(0, q) : tail;
        if (tail.isEmpty()) {
            int colon = rest.indexOf(':');
            return colon < 0 ? rest : rest.substring(0, colon);
        }
        return tail;
    }
}
