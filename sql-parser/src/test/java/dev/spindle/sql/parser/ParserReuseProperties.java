package dev.spindle.sql.parser;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A sequence of texts parsed one after another on one thread (each parse reusing the parser of
 * the last successful one) gives, text by text, what a new parser gives: trees, positions,
 * parameter indexes, or the same error. The texts are corpus-like statements, cut short at any
 * point (so that many fail, at any token), and fragments of SQL mixed at random.
 */
class ParserReuseProperties {

    @Property(tries = 200)
    void aSequenceParsesAsWithANewParserEachTime(@ForAll("texts") List<String> texts) {
        List<String> fresh = new ArrayList<>();
        for (String sql : texts) {
            fresh.add(Outcome.fresh(sql));
        }
        Parsing.forgetIdleParser();
        List<String> reused = new ArrayList<>();
        for (String sql : texts) {
            reused.add(Outcome.of(sql));
        }
        assertEquals(fresh, reused);
    }

    @Provide
    Arbitrary<List<String>> texts() {
        Arbitrary<String> whole = Arbitraries.of(ParserReuseTest.STATEMENTS);
        Arbitrary<String> cut = whole.flatMap(s -> Arbitraries.integers().between(0, s.length())
                .map(n -> s.substring(0, n)));
        Arbitrary<String> fragments = Arbitraries.of("select", "from", "where", "as", "of", "t", "a", "1", "2.5",
                "'s'", "'", "\"", "?", "(", ")", ",", ";", "+", "=", "and", "or", "not", "between", "in", "case",
                "when", "then", "end", "cast", "date", "count", "(*)", "order by", "limit", "/*", "*/", "--", "\n")
                .list().ofMaxSize(20).map(l -> String.join(" ", l));
        return Arbitraries.oneOf(whole, cut, fragments).filter(s -> !s.isEmpty()).list().ofMinSize(1).ofMaxSize(12);
    }
}
