package dev.spindle.sqllogictest.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Parses the runner's command line. Options take their value as the next argument or after
 * {@code =} ({@code --url=jdbc:...}); {@code --} ends the options. Stateless and thread-safe.
 */
public final class OptionsParser {

    /** The help text. */
    public static final String USAGE = String.join("\n",
            "Usage: java -jar spindle-slt.jar [options] PATH...",
            "Runs sqllogictest files (.test, .slt; folders are searched) against a JDBC engine,",
            "a fresh database per file, and prints a line per file and a closing",
            "'N passed, N failed, N skipped'.",
            "",
            "Options:",
            "  --engine h2|sqlite|spindle  engine shortcut: sets the URL and the label",
            "                              (h2: in memory, MODE=PostgreSQL, label postgresql;",
            "                               sqlite: in memory, label sqlite; spindle: in memory)",
            "  --url URL                   JDBC URL; {n} is replaced by a counter so that each",
            "                              file gets a fresh database (overrides --engine's URL)",
            "  --label NAME                engine name for skipif/onlyif (default: the engine's,",
            "                              postgresql for a plain --url)",
            "  --reference URL|h2|sqlite   also run every record on this engine and report where",
            "                              the two disagree",
            "  --verbose                   print each failure: file:line, SQL, expected, actual",
            "  --junit-xml FILE            also write a JUnit XML report",
            "  --fail-fast                 stop at the first failing record (exit status 1)",
            "  --hash-threshold N          hash results of more than N values, replacing the",
            "                              files' own thresholds (0: never)",
            "  --timeout SECONDS           time limit per SQL text (default 0: none)",
            "  --compare E1,E2,...         run the files on each engine in turn (names as for",
            "                              --engine, or JDBC URLs), in this JVM, instead of",
            "                              --engine/--url",
            "  --report-md FILE            also write a Markdown table: per file, the records and",
            "                              each engine's pass rate and time, with totals",
            "  --help                      print this help",
            "",
            "Malformed records (the parser cannot read them) are always shown and counted",
            "apart from failures.",
            "",
            "Exit status: 0, unless --fail-fast stopped at a failure, a file could not be run",
            "or holds a malformed record (1), or the command line is wrong (2).");

    /** The options that take a value. */
    private static final java.util.Set<String> OPTIONS_WITH_VALUES = java.util.Set.of("--engine", "--url",
            "--label", "--reference", "--junit-xml", "--hash-threshold", "--timeout", "--compare", "--report-md");

    private OptionsParser() {
    }

    /** Parses {@code args}. */
    public static Options parse(String... args) throws UsageException {
        Builder b = new Builder();
        boolean optionsEnded = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (optionsEnded || !arg.startsWith("-") || arg.equals("-")) {
                b.paths.add(Path.of(arg));
                continue;
            }
            if (!arg.startsWith("--")) {
                throw new UsageException("unknown option " + arg + " (options start with --; see --help)");
            }
            if (arg.equals("--")) {
                optionsEnded = true;
                continue;
            }
            String name = arg;
            String value = null;
            int eq = arg.indexOf('=');
            if (eq > 0) {
                name = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            if (isFlag(name)) {
                if (value != null) {
                    throw new UsageException(name + " takes no value");
                }
                b.flag(name);
                continue;
            }
            if (!isOption(name)) {
                throw new UsageException("unknown option " + name + " (see --help)");
            }
            if (value == null) {
                if (i + 1 >= args.length) {
                    throw new UsageException(name + " needs a value");
                }
                value = args[++i];
            }
            b.option(name, value);
        }
        Options options = b.build();
        if (!options.help() && options.paths().isEmpty()) {
            throw new UsageException("no files or folders to run");
        }
        if (!options.compare().isEmpty()
                && (options.engine().isPresent() || options.url().isPresent() || options.reference().isPresent())) {
            throw new UsageException("--compare names the engines to run: leave out --engine, --url and --reference");
        }
        if (!options.help() && options.compare().isEmpty() && options.engine().isEmpty() && options.url().isEmpty()) {
            throw new UsageException("say which engine to run: --engine h2|sqlite|spindle, --url JDBC-URL "
                    + "or --compare E1,E2");
        }
        return options;
    }

    private static boolean isOption(String name) {
        return OPTIONS_WITH_VALUES.contains(name);
    }

    private static boolean isFlag(String name) {
        return name.equals("--verbose") || name.equals("--fail-fast") || name.equals("--help");
    }

    /** {@code h2,sqlite,spindle} → its names; empty names and repeats are mistakes. */
    private static List<String> engines(String value) throws UsageException {
        List<String> engines = new ArrayList<>();
        for (String engine : value.split(",", -1)) {
            if (engine.isBlank() || engines.contains(engine.trim())) {
                throw new UsageException("--compare needs distinct engine names separated by commas, got '"
                        + value + "'");
            }
            engines.add(engine.trim());
        }
        return engines;
    }

    private static int nonNegative(String name, String value) throws UsageException {
        try {
            int n = Integer.parseInt(value);
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException(name + " needs a non-negative integer, got '" + value + "'");
    }

    /** Collects options as they are read. */
    private static final class Builder {
        Optional<String> engine = Optional.empty();
        Optional<String> url = Optional.empty();
        Optional<String> label = Optional.empty();
        Optional<String> reference = Optional.empty();
        boolean verbose;
        Optional<Path> junitXml = Optional.empty();
        boolean failFast;
        OptionalInt hashThreshold = OptionalInt.empty();
        int timeoutSeconds;
        boolean help;
        final List<Path> paths = new ArrayList<>();
        List<String> compare = List.of();
        Optional<Path> reportMd = Optional.empty();

        void flag(String name) {
            switch (name) {
                case "--verbose" -> verbose = true;
                case "--fail-fast" -> failFast = true;
                default -> help = true;
            }
        }

        void option(String name, String value) throws UsageException {
            if (value.isEmpty()) {
                throw new UsageException(name + " needs a non-empty value");
            }
            switch (name) {
                case "--engine" -> engine = Optional.of(value);
                case "--url" -> url = Optional.of(value);
                case "--label" -> label = Optional.of(value);
                case "--reference" -> reference = Optional.of(value);
                case "--junit-xml" -> junitXml = Optional.of(Path.of(value));
                case "--hash-threshold" -> hashThreshold = OptionalInt.of(nonNegative(name, value));
                case "--timeout" -> timeoutSeconds = nonNegative(name, value);
                case "--compare" -> compare = engines(value);
                case "--report-md" -> reportMd = Optional.of(Path.of(value));
                default -> throw new UsageException("unknown option " + name + " (see --help)");
            }
        }

        Options build() {
            return new Options(engine, url, label, reference, verbose, junitXml, failFast, hashThreshold,
                    timeoutSeconds, help, paths, compare, reportMd);
        }
    }
}
