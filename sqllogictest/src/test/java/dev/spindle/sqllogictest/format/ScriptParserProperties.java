package dev.spindle.sqllogictest.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/** Writing records out and parsing them back gives the same records, however the text is laid out. */
class ScriptParserProperties {

    @Property(tries = 300)
    void writtenRecordsParseBack(@ForAll("records") List<Record> records, @ForAll boolean crlf,
                                 @ForAll boolean comments, @ForAll boolean extraBlankLines) {
        String eol = crlf ? "\r\n" : "\n";
        StringBuilder text = new StringBuilder();
        for (Record record : records) {
            for (String line : lines(record)) {
                text.append(line).append(eol);
                if (comments) {
                    text.append("# a comment line").append(eol);
                }
            }
            text.append(eol);
            if (extraBlankLines) {
                text.append("   ").append(eol).append(eol);
            }
        }
        List<Record> parsed = ScriptParser.parse("p.test", text.toString()).records();
        assertEquals(records.size(), parsed.size());
        for (int i = 0; i < records.size(); i++) {
            assertEquals(withoutLines(records.get(i)), withoutLines(parsed.get(i)));
        }
    }

    @Provide
    Arbitrary<List<Record>> records() {
        Arbitrary<String> word = Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(8);
        Arbitrary<String> sqlLine = Arbitraries.strings().withCharRange(' ', '~').ofMinLength(1).ofMaxLength(30)
                .filter(s -> !s.isBlank() && !s.startsWith("#") && !s.equals("----") && !s.contains("\t"));
        Arbitrary<String> sql = sqlLine.list().ofMinSize(1).ofMaxSize(3).map(l -> String.join("\n", l));
        Arbitrary<List<Condition>> conditions = Combinators.combine(
                Arbitraries.of(Condition.Kind.class), word).as(Condition::new).list().ofMaxSize(2);
        Arbitrary<Record> statement = Combinators.combine(conditions, sql, Arbitraries.of(true, false))
                .as((c, s, ok) -> new StatementRecord(0, c, s, ok ? new StatementExpectation.Ok()
                        : new StatementExpectation.Error(new ErrorExpectation.AnyError())));
        Arbitrary<List<ResultType>> types = Arbitraries.of(ResultType.class).list().ofMinSize(1).ofMaxSize(4);
        Arbitrary<String> value = sqlLine.filter(s -> !s.matches("\\d+ values hashing to [0-9a-f]{32}"));
        Arbitrary<Record> query = Combinators.combine(conditions, sql, types,
                        Arbitraries.of(SortMode.NOSORT, SortMode.ROWSORT, SortMode.VALUESORT),
                        word.optional(), value.list().ofMaxSize(5))
                .as((c, s, t, sort, label, values) -> new QueryRecord(0, c, s, t, sort, label,
                        new QueryExpectation.Values(values), 0));
        Arbitrary<Record> threshold = Arbitraries.integers().between(0, 100)
                .map(n -> new HashThresholdRecord(0, List.of(), n));
        return Arbitraries.frequencyOf(
                        Tuple.of(4, statement), Tuple.of(4, query),
                        Tuple.of(1, threshold))
                .list().ofMaxSize(8);
    }

    private static List<String> lines(Record record) {
        List<String> lines = new ArrayList<>();
        for (Condition c : record.conditions()) {
            lines.add((c.kind() == Condition.Kind.SKIPIF ? "skipif " : "onlyif ") + c.engine());
        }
        if (record instanceof StatementRecord s) {
            lines.add(s.expectation() instanceof StatementExpectation.Ok ? "statement ok" : "statement error");
            lines.addAll(List.of(s.sql().split("\n")));
        } else if (record instanceof QueryRecord q) {
            StringBuilder header = new StringBuilder("query ");
            q.types().forEach(t -> header.append(t.letter()));
            header.append(' ').append(q.sort().keyword());
            q.label().ifPresent(l -> header.append(' ').append(l));
            lines.add(header.toString());
            lines.addAll(List.of(q.sql().split("\n")));
            lines.add("----");
            lines.addAll(((QueryExpectation.Values) q.expectation()).values());
        } else if (record instanceof HashThresholdRecord h) {
            lines.add("hash-threshold " + h.threshold());
        }
        return lines;
    }

    /** The record with its line numbers zeroed, for comparing content only. */
    private static Record withoutLines(Record record) {
        if (record instanceof StatementRecord s) {
            return new StatementRecord(0, s.conditions(), s.sql(), s.expectation());
        }
        if (record instanceof QueryRecord q) {
            Optional<String> label = q.label();
            return new QueryRecord(0, q.conditions(), q.sql(), q.types(), q.sort(), label, q.expectation(), 0);
        }
        if (record instanceof HashThresholdRecord h) {
            return new HashThresholdRecord(0, h.conditions(), h.threshold());
        }
        return record;
    }
}
