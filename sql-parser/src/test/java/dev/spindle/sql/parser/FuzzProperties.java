package dev.spindle.sql.parser;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.SpindleException;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Whatever the text, the parser returns trees or throws a {@link SpindleException} with a
 * position inside the text (or none): never another exception, never an {@link Error}.
 */
class FuzzProperties {

    @Property(tries = 1000)
    void anyTextParsesOrFailsWithASpindleException(@ForAll("sqlish") String sql) {
        try {
            SpindleParser.parseStatements(sql);
        } catch (SpindleException e) {
            assertTrue(e.position() == -1 || (e.position() >= 1 && e.position() <= sql.length() + 1),
                    () -> "position " + e.position() + " outside a text of " + sql.length() + ": " + e.getMessage());
            assertTrue(e.sqlState().startsWith("42") || e.sqlState().startsWith("54"), e::getMessage);
        }
    }

    /** Fragments of Spindle's SQL, brackets, quotes and stray characters (surrogates too), mixed. */
    @Provide
    Arbitrary<String> sqlish() {
        Arbitrary<String> fragment = Arbitraries.oneOf(
                Arbitraries.of("select", "from", "where", "as", "of", "as of", "create", "table", "index", "unique",
                        "on", "drop", "if", "not", "exists", "view", "show", "tables", "columns", "explain", "plan",
                        "for", "begin", "commit", "rollback", "start", "transaction", "insert", "into", "values",
                        "update", "set", "delete", "cascade", "restrict", "primary", "key", "default", "null",
                        "system_time", "1", "2.5", "'s'", "'", "\"", "\"q\"", "t", "a", "*", "+", "-", "=", ",",
                        ";", "(", ")", "[", "]", "{", "}", "/*", "*/", "--", "\n", "\r", "\t", "`", "?", "$1",
                        "||", "::", "order by", "limit", "union", "with", "case", "when", "then", "end"),
                Arbitraries.chars().map(String::valueOf));
        return fragment.list().ofMaxSize(30).map(l -> String.join(" ", l));
    }
}
