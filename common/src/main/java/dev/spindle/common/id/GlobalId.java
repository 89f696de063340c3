package dev.spindle.common.id;

import java.util.Objects;

/**
 * The identity of a catalog object (table, view, index) or of a transient object (a peek's
 * dataflow and its index). Immutable; printed and parsed as {@code u42}, {@code t7}, {@code s3}.
 *
 * @param kind who allocated the id
 * @param value a non-negative number, unique within its kind
 */
public record GlobalId(Kind kind, long value) implements Comparable<GlobalId>, java.io.Serializable {

    /** Who allocated an id. */
    public enum Kind {
        /** Objects built into the system (catalog and introspection relations). */
        SYSTEM('s'),
        /** Objects a user created with DDL; they outlive the statement. */
        USER('u'),
        /** Objects that live for one statement (slow-path peek dataflows). */
        TRANSIENT('t');

        private final char prefix;

        Kind(char prefix) {
            this.prefix = prefix;
        }

        /** The letter that starts the printed id. */
        public char prefix() {
            return prefix;
        }
    }

    public GlobalId {
        Objects.requireNonNull(kind, "kind");
        if (value < 0) {
            throw new IllegalArgumentException("id must be non-negative: " + value);
        }
    }

    /** The user id {@code u<value>}. */
    public static GlobalId user(long value) {
        return new GlobalId(Kind.USER, value);
    }

    /** The transient id {@code t<value>}. */
    public static GlobalId transientId(long value) {
        return new GlobalId(Kind.TRANSIENT, value);
    }

    /** The system id {@code s<value>}. */
    public static GlobalId system(long value) {
        return new GlobalId(Kind.SYSTEM, value);
    }

    /** True for transient ids. */
    public boolean isTransient() {
        return kind == Kind.TRANSIENT;
    }

    /**
     * Parses {@code u42}, {@code t7} or {@code s3}.
     *
     * @throws IllegalArgumentException on anything else
     */
    public static GlobalId parse(String s) {
        if (s.length() >= 2) {
            for (Kind k : Kind.values()) {
                if (s.charAt(0) == k.prefix) {
                    String digits = s.substring(1);
                    if (digits.chars().allMatch(Character::isDigit)) {
                        try {
                            return new GlobalId(k, Long.parseLong(digits));
                        } catch (NumberFormatException e) {
                            break;
                        }
                    }
                }
            }
        }
        throw new IllegalArgumentException("not a global id: " + s);
    }

    @Override
    public int compareTo(GlobalId o) {
        int c = kind.compareTo(o.kind);
        return c != 0 ? c : Long.compare(value, o.value);
    }

    @Override
    public String toString() {
        return kind.prefix + Long.toString(value);
    }
}
