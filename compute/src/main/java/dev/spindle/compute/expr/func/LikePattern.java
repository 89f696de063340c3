package dev.spindle.compute.expr.func;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A compiled LIKE / ILIKE pattern: {@code %} matches any run of characters, {@code _} exactly one,
 * the escape character makes the next character literal. The default escape is backslash, as in
 * PostgreSQL; an empty ESCAPE string disables escaping. ILIKE compares characters after simple
 * case folding ({@code toLowerCase(toUpperCase(c))} per code point).
 *
 * <p>Matching is the classic wildcard algorithm with one backtrack point (the last {@code %}),
 * linear in the input for most patterns and {@code O(input * pattern)} at worst; no regular
 * expressions, so no catastrophic backtracking.
 *
 * <p>Compiled patterns are immutable and cached in a bounded concurrent map keyed by (pattern,
 * escape, case-insensitivity), so a literal pattern is compiled once and shared by every thread
 * that evaluates the tree; when the cache exceeds {@value #CACHE_LIMIT} entries (many distinct
 * patterns computed per row) it is cleared. Thread-safe.
 */
final class LikePattern {
    static final int CACHE_LIMIT = 1024;
    /** No escape character. */
    static final int NO_ESCAPE = -1;

    private static final int ANY_ONE = -1;
    private static final int ANY_MANY = -2;
    private static final ConcurrentHashMap<Key, LikePattern> CACHE = new ConcurrentHashMap<>();

    private record Key(String pattern, int escape, boolean caseInsensitive) {
    }

    /** Literal code points (case-folded for ILIKE), or {@link #ANY_ONE} / {@link #ANY_MANY}. */
    private final int[] tokens;
    private final boolean caseInsensitive;

    private LikePattern(int[] tokens, boolean caseInsensitive) {
        this.tokens = tokens;
        this.caseInsensitive = caseInsensitive;
    }

    /**
     * The compiled form of {@code pattern}, from the cache when possible.
     *
     * @param escape the escape code point, or {@link #NO_ESCAPE}
     * @throws SpindleException if the pattern ends with the escape character
     */
    static LikePattern compile(String pattern, int escape, boolean caseInsensitive) {
        Key key = new Key(pattern, escape, caseInsensitive);
        LikePattern p = CACHE.get(key);
        if (p == null) {
            p = parse(pattern, escape, caseInsensitive);
            if (CACHE.size() >= CACHE_LIMIT) {
                CACHE.clear();
            }
            CACHE.putIfAbsent(key, p);
        }
        return p;
    }

    /**
     * The escape code point an ESCAPE string denotes: {@link #NO_ESCAPE} for '', the character
     * otherwise.
     *
     * @throws SpindleException if the string has more than one character
     */
    static int escapeOf(String escape) {
        if (escape.isEmpty()) {
            return NO_ESCAPE;
        }
        int cp = escape.codePointAt(0);
        if (Character.charCount(cp) != escape.length()) {
            throw new SpindleException(ErrorCode.INVALID_ESCAPE_STRING_1, escape);
        }
        return cp;
    }

    private static LikePattern parse(String pattern, int escape, boolean caseInsensitive) {
        int[] tokens = new int[pattern.length()];
        int n = 0;
        for (int i = 0; i < pattern.length(); ) {
            int cp = pattern.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == escape) {
                if (i >= pattern.length()) {
                    throw new SpindleException(ErrorCode.LIKE_PATTERN_TRAILING_ESCAPE_0);
                }
                int literal = pattern.codePointAt(i);
                i += Character.charCount(literal);
                tokens[n++] = caseInsensitive ? fold(literal) : literal;
            } else if (cp == '%') {
                if (n == 0 || tokens[n - 1] != ANY_MANY) { // "%%" matches what "%" matches
                    tokens[n++] = ANY_MANY;
                }
            } else if (cp == '_') {
                tokens[n++] = ANY_ONE;
            } else {
                tokens[n++] = caseInsensitive ? fold(cp) : cp;
            }
        }
        return new LikePattern(Arrays.copyOf(tokens, n), caseInsensitive);
    }

    private static int fold(int cp) {
        return Character.toLowerCase(Character.toUpperCase(cp));
    }

    /** True if the whole of {@code s} matches the pattern. */
    boolean matches(String s) {
        int[] t = tokens;
        int si = 0;
        int ti = 0;
        int starTi = -1;
        int starSi = -1;
        while (si < s.length()) {
            int cp = s.codePointAt(si);
            int c = caseInsensitive ? fold(cp) : cp;
            if (ti < t.length && (t[ti] == c || t[ti] == ANY_ONE)) {
                si += Character.charCount(cp);
                ti++;
            } else if (ti < t.length && t[ti] == ANY_MANY) {
                starTi = ti++;
                starSi = si;
            } else if (starTi >= 0) {
                ti = starTi + 1;
                starSi += Character.charCount(s.codePointAt(starSi));
                si = starSi;
            } else {
                return false;
            }
        }
        while (ti < t.length && t[ti] == ANY_MANY) {
            ti++;
        }
        return ti == t.length;
    }
}
