package dev.spindle.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.row.Row;
import dev.spindle.compute.controller.RuntimeMode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden EXPLAIN output: each {@code src/test/resources/explain/NAME.sql} (statements ending in
 * {@code ;} at the end of a line, {@code --} comment lines) runs on a fresh database, and the
 * output of its EXPLAIN statements — each statement, then its plan lines, then a blank line —
 * must equal {@code NAME.out} beside it.
 *
 * <p>To regenerate the golden files after a deliberate change to plans or to EXPLAIN's wording,
 * run {@code ./mvnw -o -q -pl sql-frontend -am verify -Dtest=ExplainGoldenTest
 * -Dsurefire.failIfNoSpecifiedTests=false -Dspindle.golden.update=true}, and review the diff of
 * the {@code .out} files before committing it. A missing {@code .out} fails the test (and is
 * written with the update flag).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ExplainGoldenTest {
    static final Path DIR = Path.of("src/test/resources/explain");
    static final boolean UPDATE = Boolean.getBoolean("spindle.golden.update");

    static Stream<String> inputs() throws IOException {
        try (Stream<Path> files = Files.list(DIR)) {
            List<String> names = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".sql")).sorted().toList();
            assertFalse(names.isEmpty(), "no inputs in " + DIR.toAbsolutePath());
            return names.stream();
        }
    }

    @ParameterizedTest
    @MethodSource("inputs")
    void explainMatchesItsGoldenFile(String sqlFile) throws IOException {
        String actual = explainAll(Files.readString(DIR.resolve(sqlFile), StandardCharsets.UTF_8));
        Path golden = DIR.resolve(sqlFile.replaceAll("\\.sql$", ".out"));
        if (UPDATE) {
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
            return;
        }
        assertTrue(Files.exists(golden), golden + " is missing: run with -Dspindle.golden.update=true and review it");
        assertEquals(Files.readString(golden, StandardCharsets.UTF_8), actual, sqlFile
                + " explains differently from its golden file (regenerate with -Dspindle.golden.update=true if the change is meant)");
    }

    /** Runs every statement of {@code script}; returns the EXPLAIN statements with their plans. */
    static String explainAll(String script) {
        StringBuilder out = new StringBuilder();
        try (Database db = Database.open(RuntimeMode.SPLIT, 1); Session s = db.session()) {
            for (String stmt : statements(script)) {
                StatementResult r = s.execute(stmt);
                if (stmt.regionMatches(true, 0, "EXPLAIN", 0, 7)) {
                    out.append(stmt).append(";\n");
                    for (Row row : ((StatementResult.Rows) r).rows()) {
                        out.append(row.get(0)).append('\n');
                    }
                    out.append('\n');
                }
            }
        }
        return out.toString();
    }

    /** Statements: lines up to one ending in {@code ;}, without {@code --} comment lines. */
    static List<String> statements(String script) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        for (String line : script.split("\n")) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("--")) {
                continue;
            }
            cur.append(cur.length() == 0 ? "" : " ").append(l);
            if (l.endsWith(";")) {
                out.add(cur.substring(0, cur.length() - 1));
                cur.setLength(0);
            }
        }
        if (cur.length() > 0) {
            throw new IllegalArgumentException("a statement without its ';': " + cur);
        }
        return out;
    }
}
