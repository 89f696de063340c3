package dev.spindle.jdbc;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.storage.durable.DurableStore;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Properties;

/**
 * What a {@code jdbc:spindle:} URL and its properties ask for: a private in-memory database
 * ({@code name == null}), a named shared one, or a file-mode directory ({@code file != null},
 * shared in this JVM under the name {@code file:} plus its absolute path), its runtime mode and
 * workers per runtime.
 *
 * <p>URL form: {@code jdbc:spindle:mem:[NAME][;key=value]...} or
 * {@code jdbc:spindle:file:PATH[;key=value]...} (keys {@code sync_delay_ms}, 0..60000, default 0:
 * acknowledge a commit once synced; {@code checkpoint_mb}, default 64). Keys {@code workers} (1..64,
 * default 1) and {@code runtime} ({@code solo|split}, default split) may also come from the
 * {@code Properties}; a key in the URL overrides the same key in the {@code Properties}. Other
 * keys are left to Avatica (e.g. {@code timeZone}) and otherwise ignored.
 *
 * @param name the shared database's name, or null for a private database
 * @param mode runtime mode
 * @param workers workers per runtime
 * @param properties the merged properties, handed to Avatica
 */
record ConnectionSpec(String name, RuntimeMode mode, int workers, Properties properties, FileTarget file) {
    /**
     * A file-mode database: its directory and durability options.
     *
     * @param dir the directory ({@code PATH} of {@code jdbc:spindle:file:PATH}), absolute and normalized
     * @param options sync delay and checkpoint threshold ({@code sync_delay_ms}, {@code checkpoint_mb})
     */
    record FileTarget(java.nio.file.Path dir, DurableStore.Options options) {
    }

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
        FileTarget file = null;
        if (target.startsWith("mem:")) {
            name = target.substring("mem:".length());
            name = name.isEmpty() ? null : name;
        } else if (target.startsWith("file:")) {
            String path = target.substring("file:".length());
            if (path.isEmpty()) {
                throw new SpindleException(ErrorCode.INVALID_PARAMETER_VALUE_2, "url", url).toSQLException();
            }
            java.nio.file.Path dir;
            try {
                dir = java.nio.file.Path.of(path).toAbsolutePath().normalize();
            } catch (java.nio.file.InvalidPathException e) {
                throw new SpindleException(ErrorCode.INVALID_PARAMETER_VALUE_2, "url", url).toSQLException();
            }
            long delay = longValue(merged, "sync_delay_ms", 0, 0, 60_000);
            long checkpointMb = longValue(merged, "checkpoint_mb", 64, 1, 1L << 20);
            file = new FileTarget(dir, new DurableStore.Options(delay, checkpointMb << 20));
            name = "file:" + dir;
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
        return new ConnectionSpec(name, mode, workers, merged, file);
    }

    private static long longValue(Properties p, String key, long dflt, long min, long max) throws SQLException {
        String v = value(p, key);
        if (v == null) {
            return dflt;
        }
        long n;
        try {
            n = Long.parseLong(v);
        } catch (NumberFormatException e) {
            n = min - 1;
        }
        if (n < min || n > max) {
            throw new SpindleException(ErrorCode.INVALID_PARAMETER_VALUE_2, key, v).toSQLException();
        }
        return n;
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
