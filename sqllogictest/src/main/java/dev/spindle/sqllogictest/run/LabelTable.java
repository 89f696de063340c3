package dev.spindle.sqllogictest.run;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Labels bound to result hashes within one file: the first query with a label binds it, every
 * later query with the same label must hash to the same value. Not thread-safe: one table per
 * file and engine, used by the thread running the file.
 */
public final class LabelTable {

    /**
     * What a label is bound to.
     *
     * @param md5  the bound hash
     * @param line the line of the query that bound it
     */
    public record Binding(String md5, int line) {
    }

    private final Map<String, Binding> bindings = new HashMap<>();

    /**
     * Binds {@code label} to {@code md5} if it is unbound and checks it otherwise.
     *
     * @return the binding that disagrees with {@code md5}, or empty if the hash agrees (or the
     *         label was unbound)
     */
    public Optional<Binding> check(String label, String md5, int line) {
        Binding bound = bindings.putIfAbsent(label, new Binding(md5, line));
        if (bound == null || bound.md5.equals(md5)) {
            return Optional.empty();
        }
        return Optional.of(bound);
    }

    /** Binds {@code label} unless it is bound already (for skipped records' expected results). */
    public void bindIfAbsent(String label, String md5, int line) {
        bindings.putIfAbsent(label, new Binding(md5, line));
    }
}
