package dev.spindle.sqllogictest.format;

import java.util.List;
import java.util.Objects;

/**
 * A {@code skipif NAME} or {@code onlyif NAME} line in front of a record. Engine names compare
 * case-insensitively, as in SQLite's harness.
 *
 * @param kind   which of the two conditions
 * @param engine the engine name the condition tests
 */
public record Condition(Kind kind, String engine) {

    /** The two kinds of condition. */
    public enum Kind {
        /** Skip the record when the runner's label is the named engine. */
        SKIPIF,
        /** Skip the record unless the runner's label is the named engine. */
        ONLYIF
    }

    public Condition {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(engine, "engine");
        if (engine.isEmpty()) {
            throw new IllegalArgumentException("condition needs an engine name");
        }
    }

    /** Whether this condition alone makes a runner labelled {@code label} skip the record. */
    public boolean skips(String label) {
        boolean matches = engine.equalsIgnoreCase(label);
        return kind == Kind.SKIPIF ? matches : !matches;
    }

    /** Whether any of {@code conditions} makes a runner labelled {@code label} skip the record. */
    public static boolean anySkips(List<Condition> conditions, String label) {
        for (Condition condition : conditions) {
            if (condition.skips(label)) {
                return true;
            }
        }
        return false;
    }
}
