package dev.spindle.cli.shell;

import dev.spindle.cli.exec.Describer;
import dev.spindle.cli.sql.SqlKeywords;
import java.util.List;
import java.util.Locale;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;

/**
 * Tab completion: meta-command names after a leading {@code \}, relation names after
 * {@code \d}; tables and views after {@code FROM}, {@code JOIN}, {@code INTO}, {@code UPDATE},
 * {@code TABLE}, {@code VIEW} and an index's {@code ON}, indexes after {@code INDEX}; otherwise keywords,
 * types and functions (in the case the word is being typed in) together with the catalog's
 * tables, views, indexes and columns.
 *
 * <p>Thread-safety: used by the shell's thread (JLine calls it inside {@code readLine}).
 */
final class SqlCompleter implements Completer {
    private static final List<String> META = List.of("\\?", "\\conninfo", "\\d", "\\di", "\\dt", "\\dv",
            "\\explain", "\\format", "\\i", "\\o", "\\q", "\\timing", "\\x");

    /** Words after which only a table or view can come. */
    private static final java.util.Set<String> BEFORE_RELATION = java.util.Set.of("FROM", "JOIN", "INTO", "UPDATE",
            "TABLE", "VIEW");

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
                names(candidates, catalog.names().relations(), "relations");
            }
            return;
        }
        String previous = previousWord(before, line.wordCursor());
        boolean indexOn = previous.equals("ON") && before.toUpperCase(Locale.ROOT).matches("(?s).*\\bINDEX\\b.*");
        if (BEFORE_RELATION.contains(previous) || indexOn) {
            names(candidates, catalog.names().relations(), "relations");
            return;
        }
        if (previous.equals("INDEX")) {
            names(candidates, catalog.names().indexes(), "indexes");
            return;
        }
        boolean lower = !line.word().isEmpty() && line.word().equals(line.word().toLowerCase(Locale.ROOT));
        add(candidates, SqlKeywords.KEYWORDS, "keywords", lower);
        add(candidates, SqlKeywords.TYPES, "types", lower);
        add(candidates, SqlKeywords.FUNCTIONS, "functions", lower);
        Describer.Names names = catalog.names();
        names(candidates, names.relations(), "relations");
        names(candidates, names.indexes(), "indexes");
        names(candidates, names.columns(), "columns");
    }

    private static void names(List<Candidate> candidates, List<String> names, String group) {
        for (String n : names) {
            candidates.add(new Candidate(n, n, group, null, null, null, true));
        }
    }

    /** The word before the one being completed, upper case; empty when there is none. */
    static String previousWord(String before, int wordCursor) {
        int end = before.length() - wordCursor;
        while (end > 0 && Character.isWhitespace(before.charAt(end - 1))) {
            end--;
        }
        int start = end;
        while (start > 0 && StatementParser.isNameChar(before.charAt(start - 1))) {
            start--;
        }
        return before.substring(start, end).toUpperCase(Locale.ROOT);
    }

    private static void add(List<Candidate> candidates, List<String> words, String group, boolean lower) {
        for (String w : words) {
            String value = lower ? w.toLowerCase(Locale.ROOT) : w;
            candidates.add(new Candidate(value, value, group, null, null, null, true));
        }
    }
}
