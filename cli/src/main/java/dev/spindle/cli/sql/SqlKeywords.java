package dev.spindle.cli.sql;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The SQL words the shell completes and highlights: the statements and clauses of Spindle's SQL
 * surface (DESIGN §6), its types and common functions. A word is a keyword whatever its case.
 *
 * <p>Immutable; thread-safe.
 */
public final class SqlKeywords {
    /** Keywords, upper case, sorted. */
    public static final List<String> KEYWORDS = sorted(
            "ALL", "ALTER", "AND", "ANY", "AS", "ASC", "AT", "BEGIN", "BETWEEN", "BY", "CASCADE", "CASE",
            "CAST", "COMMIT", "CONSTRAINT", "CREATE", "CROSS", "CURRENT_DATE", "CURRENT_TIME",
            "CURRENT_TIMESTAMP", "DEFAULT", "DELETE", "DESC", "DISTINCT", "DROP", "ELSE", "END", "ESCAPE",
            "EXCEPT", "EXISTS", "EXPLAIN", "FALSE", "FETCH", "FIRST", "FOR", "FROM", "FULL", "GROUP",
            "HAVING", "IF", "ILIKE", "IN", "INDEX", "INDEXES", "INNER", "INSERT", "INTERSECT", "INTO", "IS",
            "JOIN", "KEY", "LAST", "LATERAL", "LEFT", "LIKE", "LIMIT", "NATURAL", "NEXT", "NOT", "NULL",
            "NULLS", "OF", "OFFSET", "ON", "ONLY", "OR", "ORDER", "OUTER", "OVER", "PLAN", "PRIMARY",
            "REFERENCES", "RIGHT", "ROLLBACK", "ROW", "ROWS", "SELECT", "SET", "SHOW", "SOME", "START",
            "TABLE", "TABLES", "THEN", "TRANSACTION", "TRUE", "UNION", "UNIQUE", "UNKNOWN", "UPDATE",
            "USING", "VALUES", "VIEW", "VIEWS", "WHEN", "WHERE", "WITH", "WORK");

    /** Type names, upper case, sorted. */
    public static final List<String> TYPES = sorted(
            "BIGINT", "BOOLEAN", "CHAR", "CHARACTER", "DATE", "DECIMAL", "DOUBLE", "FLOAT", "INT",
            "INTEGER", "NUMERIC", "PRECISION", "REAL", "SMALLINT", "TEXT", "TIME", "TIMESTAMP", "VARCHAR",
            "VARYING");

    /** Functions, upper case, sorted. */
    public static final List<String> FUNCTIONS = sorted(
            "ABS", "AVG", "CEIL", "CHAR_LENGTH", "COALESCE", "COUNT", "EXTRACT", "FLOOR", "GREATEST",
            "LEAST", "LENGTH", "LOWER", "LTRIM", "MAX", "MIN", "MOD", "NULLIF", "POSITION", "POWER",
            "ROUND", "RTRIM", "SQRT", "SUBSTRING", "SUM", "TRIM", "UPPER");

    private static final Set<String> ALL_WORDS = all();

    private SqlKeywords() {
    }

    /** Whether {@code word} (any case) is a keyword, a type or a function name. */
    public static boolean isKeyword(String word) {
        return ALL_WORDS.contains(word.toUpperCase(Locale.ROOT));
    }

    private static List<String> sorted(String... words) {
        return List.copyOf(new TreeSet<>(List.of(words)));
    }

    private static Set<String> all() {
        Set<String> s = new TreeSet<>(KEYWORDS);
        s.addAll(TYPES);
        s.addAll(FUNCTIONS);
        return Set.copyOf(s);
    }
}
