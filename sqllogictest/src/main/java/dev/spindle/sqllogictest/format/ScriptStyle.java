package dev.spindle.sqllogictest.format;

/**
 * The dialect a file is written in. Both dialects are parsed alike (every extension is accepted
 * everywhere); the dialect only sets the hash threshold a file starts with.
 */
public enum ScriptStyle {
    /** SQLite's own corpus: {@code .test} files; results of more than 8 values are hashed. */
    SQLITE(8),
    /** Spindle's ({@code .slt}) and DuckDB-style files: results are never hashed by default. */
    EXTENDED(0);

    private final int defaultHashThreshold;

    ScriptStyle(int defaultHashThreshold) {
        this.defaultHashThreshold = defaultHashThreshold;
    }

    /** The hash threshold in force before the file's first {@code hash-threshold} record. */
    public int defaultHashThreshold() {
        return defaultHashThreshold;
    }

    /**
     * The dialect of a file: {@code .test} files are SQLite's unless their first line is DuckDB's
     * {@code # name:} header; every other file is {@link #EXTENDED}.
     *
     * @param fileName  the file's name (only its extension is looked at)
     * @param firstLine the file's first line, or an empty string
     */
    public static ScriptStyle detect(String fileName, String firstLine) {
        if (fileName.endsWith(".test") && !firstLine.startsWith("# name:")) {
            return SQLITE;
        }
        return EXTENDED;
    }
}
