package dev.spindle.cli.shell;

import dev.spindle.cli.exec.Describer;
import dev.spindle.cli.sql.SqlKeywords;
import dev.spindle.cli.sql.SqlLexer;
import dev.spindle.cli.sql.TableReferences;
import dev.spindle.cli.sql.Token;
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
 * tables, views, indexes and columns. Columns are those of the tables and views the statement
 * being typed names (all the catalog's when it names none yet); after {@code name.} only the
 * columns of the table, view or alias {@code name} in that statement.
 *
 * <p>Thread-safety: used by the shell's thread (JLine calls it inside {@code readLine}).
 */
final class SqlCompleter implements Completer {
    private static final List<String> META = List.of("\\?", "\\conninfo", "\\d", "\\di", "\\dt", "\\dv",
            "\\explain", "\\format", "\\i", "\\o", "\\pager", "\\q", "\\timing", "\\x");

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
        int wordStart = before.length() - line.wordCursor();
        String statement = statementAround(buffer, line.cursor());
        if (wordStart > 0 && before.charAt(wordStart - 1) == '.') {
            qualified(candidates, before.substring(0, wordStart - 1), statement);
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
        names(candidates, columnsIn(statement, names), "columns");
    }

    /** After {@code qualifier.}: the columns of the alias, table or view the qualifier names. */
    private void qualified(List<Candidate> candidates, String beforeDot, String statement) {
        String qualifier = qualifierBefore(beforeDot);
        if (qualifier == null) {
            return;
        }
        String relation = qualifier;
        for (TableReferences.Reference r : TableReferences.of(statement)) {
            if (r.alias().isPresent() && r.alias().get().equalsIgnoreCase(qualifier)) {
                relation = r.relation();
                break;
            }
        }
        names(candidates, catalog.names().columnsOf(relation), "columns");
    }

    /** The columns of the relations {@code statement} names, or every column when it names none the catalog has. */
    static List<String> columnsIn(String statement, Describer.Names names) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        for (TableReferences.Reference r : TableReferences.of(statement)) {
            out.addAll(names.columnsOf(r.relation()));
        }
        return out.isEmpty() ? names.columns() : List.copyOf(out);
    }

    /** The name (a word, or a quoted name unquoted) that ends {@code text}, or null. */
    static String qualifierBefore(String text) {
        if (text.endsWith("\"")) {
            int open = text.length() - 1;
            while (open > 0) {
                open = text.lastIndexOf('"', open - 1);
                if (open < 0) {
                    return null;
                }
                // a doubled quote is part of the name
                if (open == 0 || text.charAt(open - 1) != '"') {
                    return text.substring(open + 1, text.length() - 1).replace("\"\"", "\"");
                }
                open--;
            }
            return null;
        }
        int start = text.length();
        while (start > 0 && StatementParser.isNameChar(text.charAt(start - 1))) {
            start--;
        }
        return start == text.length() ? null : text.substring(start);
    }

    /** The statement of {@code buffer} the cursor is in: from after the {@code ;} before it to the next {@code ;}. */
    static String statementAround(String buffer, int cursor) {
        int start = 0;
        int end = buffer.length();
        for (Token t : SqlLexer.tokens(buffer)) {
            if (t.kind() == Token.Kind.SEMICOLON) {
                if (t.end() <= cursor) {
                    start = t.end();
                } else {
                    end = t.start();
                    break;
                }
            }
        }
        return buffer.substring(start, end);
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
