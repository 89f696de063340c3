package dev.spindle.jdbc;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.compute.controller.RuntimeMode;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Properties;

/**
 * What a {@code jdbc:spindle:} URL and its properties ask for: a private in-memory database
 * ({@code name == null}) or a named shared one, its runtime mode and workers per runtime.
 *
 * <p>URL form: {@code jdbc:spindle:mem:[NAME][;key=value]...}. Keys {@code workers} (1..64,
 * default 1) and {@code runtime} ({@code solo|split}, default split) may also come from the
 * {@code Properties}; a key in the URL overrides the same key in the {@code Properties}. Other
 * keys are left to Avatica (e.g. {@code timeZone}) and otherwise ignored.
 *
 * @param name the shared database's name, or null for a private database
 * @param mode runtime mode
 * @param workers workers per runtime
 * @param properties the merged properties, handed to Avatica
 */
record ConnectionSpec(String name, RuntimeMode mode, int workers, Properties properties) {
    static final String PREFIX = "jdbc:spindle:";
    static final int MAX_WORKERS = 64;

    /** Parses {@code url} (which starts with {@link #PREFIX}) and {@code info}. */
    static ConnectionSpec parse(String url, Properties info) throws SQLException {
        String rest = url.substring(PREFIX.length());
        String[] parts = rest.split(";", -1);
        String target = parts[0];
        Properties merged = new Properties();
        if (info != null) {
            for (String key : info.stringPropertyNames()) {
                merged.setProperty(key, info.getProperty(key));
            }
        }
        for (int i = 1; i < parts.length; i++) {
            String part = parts[i].trim();
            if (part.isEmpty()) {
                continue;
            }
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw new SpindleException(ErrorCode.INVALID_PARAMETER_VALUE_2, "url", part).toSQLException();
            }
            merged.setProperty(part.substring(0, eq).trim(), part.substring(eq + 1).trim());
        }

        String name;
        if (target.startsWith("mem:")) {
            name = target.substring("mem:".length());
            name = name.isEmpty() ? null : name;
        } else if (target.startsWith("file:")) {
            throw new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1,
                    "file mode is not available yet (" + url + "); use jdbc:spindle:mem:[NAME]").toSQLException();
        } else {
            throw new SpindleException(ErrorCode.INVALID_PARAMETER_VALUE_2, "url", url).toSQLException();
        }

        RuntimeMode mode = RuntimeMode.SPLIT;
        String runtime = value(merged, "runtime");
        if (runtime != null) {
            switch (runtime.toLowerCase(Locale.ROOT)) {
                case "solo": mode = RuntimeMode.SOLO; break;
                case "split": mode = RuntimeMode.SPLIT; break;
                default:
                    throw new SpindleException(ErrorCode.INVALID_PARAMETER_VALUE_2, "runtime", runtime).toSQLException();
            }
        }
        int workers = 1;
        String w = value(merged, "workers");
        if (w != null) {
            try {
                workers = Integer.parseInt(w);
            } catch (NumberFormatException e) {
                workers = -1;
            }
            if (workers < 1 || workers > MAX_WORKERS) {
                throw new SpindleException(ErrorCode.INVALID_PARAMETER_VALUE_2, "workers", w).toSQLException();
            }
        }
        return new ConnectionSpec(name, mode, workers, merged);
    }

    private static String value(Properties p, String key) {
        for (String k : p.stringPropertyNames()) {
            if (k.equalsIgnoreCase(key)) {
                return p.getProperty(k).trim();
            }
        }
        return null;
    }
}
