package dev.spindle.cli.shell;

import dev.spindle.cli.sql.SqlKeywords;
import java.util.List;
import java.util.Locale;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;

/**
 * Tab completion: meta-command names after a leading {@code \}, relation names after
 * {@code \d}, and otherwise keywords, types and functions (in the case the word is being typed
 * in) together with the catalog's tables, views, indexes and columns.
 *
 * <p>Thread-safety: used by the shell's thread (JLine calls it inside {@code readLine}).
 */
final class SqlCompleter implements Completer {
    private static final List<String> META = List.of("\\?", "\\conninfo", "\\d", "\\di", "\\dt", "\\dv",
            "\\explain", "\\format", "\\i", "\\o", "\\q", "\\timing", "\\x");

    private final CatalogNames catalog;

    SqlCompleter(CatalogNames catalog) {
        this.catalog = catalog;
    }

    @Override
    public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
        String buffer = line.line();
        String before = buffer.substring(0, Math.min(line.cursor(), buffer.length()));
        String trimmed = before.stripLeading();
        if (trimmed.startsWith("\\")) {
            int space = trimmed.indexOf(' ');
            if (space < 0) {
                // the command's name itself: the word excludes the backslash, so offer names without it
                for (String m : META) {
                    candidates.add(new Candidate(m.substring(1), m, "meta-commands", null, null, null, true));
                }
            } else {
                for (String n : catalog.names()) {
                    candidates.add(new Candidate(n, n, "names", null, null, null, true));
                }
            }
            return;
        }
        boolean lower = !line.word().isEmpty() && line.word().equals(line.word().toLowerCase(Locale.ROOT));
        add(candidates, SqlKeywords.KEYWORDS, "keywords", lower);
        add(candidates, SqlKeywords.TYPES, "types", lower);
        add(candidates, SqlKeywords.FUNCTIONS, "functions", lower);
        for (String n : catalog.names()) {
            candidates.add(new Candidate(n, n, "names", null, null, null, true));
        }
    }

    private static void add(List<Candidate> candidates, List<String> words, String group, boolean lower) {
        for (String w : words) {
            String value = lower ? w.toLowerCase(Locale.ROOT) : w;
            candidates.add(new Candidate(value, value, group, null, null, null, true));
        }
    }
}
