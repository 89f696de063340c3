package dev.spindle.sql.parser.direct;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.sql.SqlNode;
import org.junit.jupiter.api.Test;

/**
 * The direct parser on every distinct statement of the sqllogictest corpus: wherever it reads a
 * text, its tree is the generated parser's (positions included), and it reads most queries and
 * most other statements.
 */
class DirectParserCorpusTest {
    @Test
    void everyCorpusStatementItReadsIsTheGeneratedParsersTree() throws Exception {
        Path folder = CorpusStatements.folder();
        assertTrue(Files.isDirectory(folder), "no corpus at " + folder.toAbsolutePath());
        List<String> texts = CorpusStatements.read(folder);
        int queries = 0;
        int read = 0;
        int others = 0;
        int othersRead = 0;
        List<String> differences = new ArrayList<>();
        List<String> left = new ArrayList<>();
        for (String sql : texts) {
            boolean query = sql.stripLeading().toUpperCase(Locale.ROOT).startsWith("SELECT");
            queries += query ? 1 : 0;
            SqlNode direct = DirectParser.parse(sql);
            others += query ? 0 : 1;
            othersRead += !query && direct != null ? 1 : 0;
            if (direct == null) {
                if (query && left.size() < 40) {
                    left.add(sql);
                }
                continue;
            }
            read += query ? 1 : 0;
            SqlNode generated;
            try {
                generated = DirectParserProperties.generated(sql);
            } catch (Exception e) {
                differences.add(sql + "\n  generated parser failed: " + e.getMessage());
                continue;
            }
            String d = SqlTrees.difference(generated, direct);
            if (d != null) {
                differences.add(sql + "\n  " + d);
            }
        }
        if (!differences.isEmpty()) {
            java.nio.file.Files.write(Path.of("target/direct-parser-differences.txt"), differences);
        }
        System.out.printf("direct parser: %d of %d corpus queries, %d of %d other statements; some queries left:%n%s%n",
                read, queries, othersRead, others, String.join("\n", left));
        assertTrue(differences.isEmpty(), differences.size() + " differences, the first: "
                + String.join("\n", differences.subList(0, Math.min(20, differences.size()))));
        assertTrue(read >= queries * 9 / 10, "the direct parser read only " + read + " of " + queries + " queries");
        assertTrue(othersRead >= others / 2, "the direct parser read only " + othersRead + " of " + others
                + " other statements");
    }
}
