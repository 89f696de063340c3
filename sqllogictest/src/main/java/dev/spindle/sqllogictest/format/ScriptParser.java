package dev.spindle.sqllogictest.format;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Parses the text of a sqllogictest file into a {@link Script}.
 *
 * <p>The rules are those of SQLite's harness: a trailing {@code \r} is dropped, lines starting
 * with {@code #} are dropped everywhere, blank lines separate records, and only the leading tokens
 * of a record's first line matter. On top of that come the extensions listed in the module's
 * README ({@code statement count}, {@code query error}, error regexes, {@code mode},
 * {@code require}, {@code loop}/{@code foreach}) and Materialize's dialect ({@code mode cockroach}
 * and {@code mode standard}, which hold from their line on, CockroachDB's query options,
 * {@code pgcode}, {@code simple}, ...).
 *
 * <p>Parsing never fails: a record that cannot be understood becomes a {@link MalformedRecord}
 * so that the runner reports it at its line. Stateless and thread-safe.
 */
public final class ScriptParser {

    private ScriptParser() {
    }

    /**
     * Parses a file's text.
     *
     * @param name the file's name, for reports and to detect its {@link ScriptStyle}
     * @param text the file's complete text
     */
    public static Script parse(String name, String text) {
        List<SourceLine> lines = SourceLine.split(text);
        String firstLine = lines.isEmpty() ? "" : lines.get(0).text();
        ScriptStyle style = ScriptStyle.detect(name, firstLine);
        Deque<OpenLoop> loops = new ArrayDeque<>();
        List<Record> top = new ArrayList<>();
        RenderMode[] mode = {RenderMode.SQLITE};
        for (List<SourceLine> block : blocks(lines)) {
            List<Record> target = loops.isEmpty() ? top : loops.peek().body;
            parseBlock(block, target, loops, mode);
        }
        while (!loops.isEmpty()) {
            OpenLoop open = loops.pop();
            open.outer.add(new MalformedRecord(open.line, open.conditions,
                    "loop over '" + open.variable + "' has no endloop; its body was not run"));
        }
        return new Script(name, style, top);
    }

    /**
     * Groups the lines into records: runs of non-blank lines, comments dropped. The result of a
     * {@code multiline} query or {@code simple} block is taken as it is, blank lines and lines
     * starting with {@code #} included, from {@code ----} up to a line {@code EOF}.
     */
    private static List<List<SourceLine>> blocks(List<SourceLine> lines) {
        List<List<SourceLine>> blocks = new ArrayList<>();
        List<SourceLine> current = new ArrayList<>();
        boolean verbatim = false;
        for (SourceLine line : lines) {
            if (verbatim) {
                current.add(line);
                verbatim = !line.text().equals(BlockParser.END_OF_VALUE);
                continue;
            }
            if (line.isComment()) {
                continue;
            }
            if (line.text().equals("----") && isMultiline(current)) {
                current.add(line);
                verbatim = true;
                continue;
            }
            if (line.isBlank()) {
                if (!current.isEmpty()) {
                    blocks.add(current);
                    current = new ArrayList<>();
                }
            } else {
                current.add(line);
            }
        }
        if (!current.isEmpty()) {
            blocks.add(current);
        }
        return blocks;
    }

    /** Whether the record so far is a {@code query} or {@code simple} with the {@code multiline} option. */
    private static boolean isMultiline(List<SourceLine> block) {
        for (SourceLine line : block) {
            Header header = new Header(line.text());
            String kind = header.token(0);
            if (kind.equals("query") || kind.equals("simple")) {
                for (int i = 1; i < header.size(); i++) {
                    if (List.of(header.token(i).split(",")).contains("multiline")) {
                        return true;
                    }
                }
                return false;
            }
            if (!isLinePrefix(kind)) {
                return false;
            }
        }
        return false;
    }

    /** Lines that stand in front of a record, in its block: conditions and one-line directives. */
    private static boolean isLinePrefix(String keyword) {
        return keyword.equals("skipif") || keyword.equals("onlyif") || keyword.equals("mode")
                || IGNORED_DIRECTIVES.contains(keyword);
    }

    /**
     * CockroachDB's directives that Materialize's runner ignores, and so does this one:
     * {@code subtest NAME} only names what follows; {@code user NAME} and {@code kv-batch-size N}
     * tune CockroachDB's own server.
     */
    private static final List<String> IGNORED_DIRECTIVES = List.of("subtest", "user", "kv-batch-size");

    private static void parseBlock(List<SourceLine> block, List<Record> target, Deque<OpenLoop> loops,
                                   RenderMode[] mode) {
        List<Condition> conditions = new ArrayList<>();
        int i = 0;
        Header header = new Header(block.get(0).text());
        while (isLinePrefix(header.token(0)) && !isModeSkip(header)) {
            String keyword = header.token(0);
            if (keyword.equals("mode")) {
                RenderMode named = RenderMode.named(header.token(1));
                if (named == null || !conditions.isEmpty()) {
                    target.add(new MalformedRecord(block.get(i).number(), conditions, named == null
                            ? "unsupported mode '" + header.token(1)
                                    + "' (expected cockroach, standard, sqlite, skip or unskip)"
                            : "a mode line cannot have conditions"));
                    return;
                }
                mode[0] = named;
            } else if (keyword.equals("skipif") || keyword.equals("onlyif")) {
                if (header.token(1).isEmpty()) {
                    target.add(new MalformedRecord(block.get(i).number(), conditions, keyword + " needs an engine name"));
                    return;
                }
                Condition.Kind kind = keyword.equals("skipif") ? Condition.Kind.SKIPIF : Condition.Kind.ONLYIF;
                conditions.add(new Condition(kind, header.token(1)));
            }
            i++;
            if (i == block.size()) {
                if (!conditions.isEmpty()) {
                    target.add(new MalformedRecord(block.get(i - 1).number(), conditions,
                            "condition is not followed by a record"));
                }
                return;
            }
            header = new Header(block.get(i).text());
        }
        parseRecord(block, i, header, conditions, target, loops, mode[0]);
    }

    /** {@code mode skip} and {@code mode unskip} are records of their own, run in file order. */
    private static boolean isModeSkip(Header header) {
        return header.token(0).equals("mode") && (header.token(1).equals("skip") || header.token(1).equals("unskip"));
    }

    private static void parseRecord(List<SourceLine> block, int i, Header header, List<Condition> conditions,
                                    List<Record> target, Deque<OpenLoop> loops, RenderMode mode) {
        int line = block.get(i).number();
        List<SourceLine> body = block.subList(i + 1, block.size());
        switch (header.token(0)) {
            case "loop", "foreach" -> {
                OpenLoop open = LoopHeaders.open(line, conditions, header, target);
                if (open != null) {
                    loops.push(open);
                }
            }
            case "endloop" -> closeLoop(line, conditions, target, loops);
            default -> target.add(BlockParser.parse(line, conditions, header, body, mode));
        }
    }

    private static void closeLoop(int line, List<Condition> conditions, List<Record> target,
                                  Deque<OpenLoop> loops) {
        if (loops.isEmpty()) {
            target.add(new MalformedRecord(line, conditions, "endloop without a loop"));
            return;
        }
        if (!conditions.isEmpty()) {
            target.add(new MalformedRecord(line, conditions, "endloop cannot have conditions"));
        }
        OpenLoop open = loops.pop();
        open.outer.add(new LoopRecord(open.line, open.conditions, open.variable, open.values, open.body));
    }

    /** A loop whose {@code endloop} has not been seen yet. */
    static final class OpenLoop {
        final int line;
        final List<Condition> conditions;
        final String variable;
        final List<String> values;
        final List<Record> body = new ArrayList<>();
        /** Where the finished loop goes: the top level or the enclosing loop's body. */
        final List<Record> outer;

        OpenLoop(int line, List<Condition> conditions, String variable, List<String> values, List<Record> outer) {
            this.line = line;
            this.conditions = List.copyOf(conditions);
            this.variable = variable;
            this.values = values;
            this.outer = outer;
        }
    }
}
