package dev.spindle.jdbc;

/**
 * A {@link java.sql.DatabaseMetaData} name pattern: {@code %} matches any run of characters,
 * {@code _} any one character, the search-string escape {@code \} makes the next character
 * literal, and everything else matches itself, case-sensitively (names are stored as written,
 * unquoted ones lower-cased). A null pattern matches every name (the argument "should not be
 * used to narrow the search").
 *
 * <p>Thread-safety: immutable.
 */
final class NamePattern {
    /** The escape {@link java.sql.DatabaseMetaData#getSearchStringEscape()} reports. */
    static final String ESCAPE = "\\";

    private static final NamePattern ANY = new NamePattern(null);

    private final String pattern;

    private NamePattern(String pattern) {
        this.pattern = pattern;
    }

    /** The pattern {@code pattern}; null matches everything. */
    static NamePattern of(String pattern) {
        return pattern == null ? ANY : new NamePattern(pattern);
    }

    boolean matches(String name) {
        return pattern == null || (name != null && match(name));
    }

    /** Iterative with backtracking to the last {@code %} (no recursion: patterns come from callers). */
    private boolean match(String s) {
        int p = 0;
        int i = 0;
        int starP = -1;
        int starI = -1;
        while (i < s.length()) {
            if (p < pattern.length()) {
                char c = pattern.charAt(p);
                if (c == '%') {
                    starP = ++p;
                    starI = i;
                    continue;
                }
                boolean escaped = c == '\\' && p + 1 < pattern.length();
                char want = escaped ? pattern.charAt(p + 1) : c;
                if ((!escaped && c == '_') || want == s.charAt(i)) {
                    p += escaped ? 2 : 1;
                    i++;
                    continue;
                }
            }
            if (starP < 0) {
                return false;
            }
            p = starP;
            i = ++starI;
        }
        while (p < pattern.length() && pattern.charAt(p) == '%') {
            p++;
        }
        return p == pattern.length();
    }
}
