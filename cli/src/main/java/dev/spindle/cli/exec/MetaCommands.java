package dev.spindle.cli.exec;

import dev.spindle.cli.format.OutputFormat;
import dev.spindle.cli.format.ResultData;
import dev.spindle.cli.format.TableFormat;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The backslash commands, in the spirit of psql's: see {@link #HELP}. A meta-command is one
 * line; its first word names it and the rest of the line is its argument.
 *
 * <p>Thread-safety: used by the {@link Runner}'s thread only.
 */
final class MetaCommands {
    /** What {@code \?} prints. */
    static final String HELP = String.join("\n",
            "General",
            "  \\q                     quit (Ctrl-D too)",
            "  \\?                     this help",
            "  \\i FILE                run the statements and meta-commands in FILE",
            "  \\o [FILE]              send results to FILE; without FILE, back to the screen",
            "  \\timing [on|off]       show how long each statement takes",
            "  \\x [on|off|auto]       expanded records, one line per column (auto: when too wide)",
            "  \\pager [on|off]        page results taller than the screen (interactive shell only)",
            "  \\format table|csv|json how results are written",
            "  \\conninfo              what the shell is connected to",
            "Catalog",
            "  \\d                     list tables and views",
            "  \\d NAME                columns, indexes (and what each re-exports) of a table or view",
            "  \\dt  \\dv  \\di          list tables, views, indexes",
            "Plans",
            "  \\explain STATEMENT     how a statement runs (EXPLAIN STATEMENT works too)",
            "Keys",
            "  Enter runs a statement once it ends with ';'. Ctrl-C cancels a running statement",
            "  (or clears the line), Ctrl-D quits, Ctrl-R searches the history, Tab completes.");

    /** Files {@code \i} may nest before the shell calls it a loop. */
    private static final int MAX_INCLUDE_DEPTH = 16;

    private final Runner runner;
    private int includeDepth;

    MetaCommands(Runner runner) {
        this.runner = runner;
    }

    Runner.Status run(String text, String source, int line) {
        String body = text.substring(1).strip();
        int space = indexOfSpace(body);
        String name = (space < 0 ? body : body.substring(0, space)).toLowerCase(Locale.ROOT);
        String arg = space < 0 ? "" : body.substring(space).strip();
        try {
            switch (name) {
                case "q":
                case "quit":
                    return Runner.Status.QUIT;
                case "?":
                case "help":
                    runner.info(HELP);
                    return Runner.Status.OK;
                case "timing":
                    runner.settings().timing(onOff(arg, !runner.settings().timing()));
                    runner.info("Timing is " + (runner.settings().timing() ? "on." : "off."));
                    return Runner.Status.OK;
                case "x":
                    return expanded(arg, source, line);
                case "pager":
                    runner.settings().pager(onOff(arg, !runner.settings().pager()));
                    runner.info(runner.settings().pager() ? "Pager is used for long output." : "Pager usage is off.");
                    return Runner.Status.OK;
                case "format":
                    return format(arg, source, line);
                case "o":
                    return output(arg, source, line);
                case "i":
                    return include(arg, source, line);
                case "conninfo":
                    var md = runner.executor().connection().getMetaData();
                    runner.info("Connected to " + md.getDatabaseProductName() + " " + md.getDatabaseProductVersion()
                            + " at " + md.getURL());
                    return Runner.Status.OK;
                case "d":
                    return arg.isEmpty() ? list(source, line, "TABLE", "VIEW") : describe(arg, source, line);
                case "dt":
                    return list(source, line, "TABLE");
                case "dv":
                    return list(source, line, "VIEW");
                case "di":
                    runner.printRows(Describer.indexTable(new Describer(runner.executor().connection()).indexes(null)));
                    return Runner.Status.OK;
                case "explain":
                    if (arg.isEmpty()) {
                        return usage(source, line, "\\explain needs a statement: \\explain SELECT ...");
                    }
                    String sql = arg.endsWith(";") ? arg.substring(0, arg.length() - 1) : arg;
                    return runner.statement("EXPLAIN " + sql, source, line);
                default:
                    return usage(source, line, "invalid command \\" + name + "; try \\? for help");
            }
        } catch (SQLException e) {
            for (String l : ErrorReport.of(e, null).lines(null)) {
                runner.error(source, line, l);
            }
            return Runner.Status.FAILED;
        }
    }

    private Runner.Status expanded(String arg, String source, int line) {
        Expanded e;
        switch (arg.toLowerCase(Locale.ROOT)) {
            case "":
                e = runner.settings().expanded() == Expanded.ON ? Expanded.OFF : Expanded.ON;
                break;
            case "on":
                e = Expanded.ON;
                break;
            case "off":
                e = Expanded.OFF;
                break;
            case "auto":
                e = Expanded.AUTO;
                break;
            default:
                return usage(source, line, "\\x takes on, off or auto");
        }
        runner.settings().expanded(e);
        runner.info("Expanded display is " + e.name().toLowerCase(Locale.ROOT) + ".");
        return Runner.Status.OK;
    }

    private Runner.Status format(String arg, String source, int line) {
        try {
            runner.settings().format(OutputFormat.valueOf(arg.toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            return usage(source, line, "\\format takes table, csv or json");
        }
        runner.info("Output format is " + arg.toLowerCase(Locale.ROOT) + ".");
        return Runner.Status.OK;
    }

    private Runner.Status output(String arg, String source, int line) {
        if (arg.isEmpty()) {
            runner.redirect(null);
            return Runner.Status.OK;
        }
        try {
            Path path = Path.of(unquote(arg));
            PrintWriter file = new PrintWriter(Files.newBufferedWriter(path, StandardCharsets.UTF_8), true);
            runner.redirect(file);
            return Runner.Status.OK;
        } catch (IOException | java.nio.file.InvalidPathException e) {
            return usage(source, line, "cannot write " + arg + ": " + e.getMessage());
        }
    }

    private Runner.Status include(String arg, String source, int line) {
        if (arg.isEmpty()) {
            return usage(source, line, "\\i needs a file name");
        }
        if (includeDepth >= MAX_INCLUDE_DEPTH) {
            return usage(source, line, "\\i nested more than " + MAX_INCLUDE_DEPTH + " deep (a file that includes itself?)");
        }
        String file = unquote(arg);
        String text;
        try {
            text = Files.readString(Path.of(file), StandardCharsets.UTF_8);
        } catch (IOException | java.nio.file.InvalidPathException e) {
            return usage(source, line, "cannot read " + file + ": " + e.getMessage());
        }
        includeDepth++;
        try {
            return runner.runScript(text, file);
        } finally {
            includeDepth--;
        }
    }

    private Runner.Status list(String source, int line, String... types) throws SQLException {
        List<Describer.Relation> relations = new Describer(runner.executor().connection()).relations(types);
        if (relations.isEmpty()) {
            runner.info("Did not find any relations.");
            return Runner.Status.OK;
        }
        runner.printRows(Describer.relationTable(relations));
        return Runner.Status.OK;
    }

    private Runner.Status describe(String name, String source, int line) throws SQLException {
        Describer d = new Describer(runner.executor().connection());
        Optional<Describer.Relation> found = d.find(name);
        if (found.isEmpty()) {
            return usage(source, line, "Did not find any relation named \"" + name + "\".");
        }
        Describer.Relation r = found.get();
        boolean view = r.type().equalsIgnoreCase("VIEW");
        String qualified = (r.schema() == null ? "" : r.schema() + ".") + r.name();
        runner.info((view ? "View" : "Table") + " \"" + qualified + "\"");
        ResultData columns = d.columns(r);
        PrintWriter out = runner.out();
        TableFormat.write(columns, runner.settings().style(), out, false);
        List<Describer.IndexInfo> indexes = d.indexes(r);
        if (!indexes.isEmpty()) {
            out.println("Indexes:");
            for (Describer.IndexInfo i : indexes) {
                out.println("    \"" + i.name() + "\" (" + i.key() + ")"
                        + i.reexportOf().map(x -> ", re-exports \"" + x + "\"").orElse(""));
            }
        }
        Optional<String> definition = view ? d.viewDefinition(r) : Optional.empty();
        if (definition.isPresent()) {
            out.println("View definition:");
            out.println("    " + definition.get().strip().replace("\n", "\n    ") + ";");
        }
        return Runner.Status.OK;
    }

    private Runner.Status usage(String source, int line, String message) {
        runner.error(source, line, message);
        return Runner.Status.FAILED;
    }

    private static boolean onOff(String arg, boolean toggled) {
        switch (arg.toLowerCase(Locale.ROOT)) {
            case "on":
                return true;
            case "off":
                return false;
            default:
                return toggled;
        }
    }

    private static String unquote(String arg) {
        if (arg.length() >= 2 && (arg.startsWith("'") && arg.endsWith("'") || arg.startsWith("\"") && arg.endsWith("\""))) {
            return arg.substring(1, arg.length() - 1);
        }
        return arg;
    }

    private static int indexOfSpace(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isWhitespace(s.charAt(i))) {
                return i;
            }
        }
        return -1;
    }
}
