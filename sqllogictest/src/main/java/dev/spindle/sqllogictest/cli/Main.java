package dev.spindle.sqllogictest.cli;

import dev.spindle.sqllogictest.engine.EngineSpec;
import dev.spindle.sqllogictest.engine.KnownEngines;
import dev.spindle.sqllogictest.report.ComparisonReport;
import dev.spindle.sqllogictest.report.ConsoleReporter;
import dev.spindle.sqllogictest.report.JUnitXmlReport;
import dev.spindle.sqllogictest.run.CorpusRunner;
import dev.spindle.sqllogictest.run.RunSettings;
import dev.spindle.sqllogictest.run.RunSummary;
import dev.spindle.sqllogictest.run.ScriptFile;
import dev.spindle.sqllogictest.run.ScriptFiles;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The runner's entry point: {@code java -jar spindle-slt.jar [options] PATH...}. All files run in
 * this JVM, each on a fresh database. See {@link OptionsParser#USAGE} for the options.
 */
public final class Main {

    /** Every file ran (failing records do not change the status). */
    public static final int EXIT_OK = 0;
    /**
     * {@code --fail-fast} stopped at a failure, a file could not be read or run, or a file holds a
     * malformed record.
     */
    public static final int EXIT_FAILED = 1;
    /** The command line is wrong. */
    public static final int EXIT_USAGE = 2;

    private static final String PROGRAM = "spindle-slt";

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs the command line {@code args}, printing results to {@code out} and problems to
     * {@code err}.
     *
     * @return the exit status
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Options options;
        RunSettings settings;
        try {
            options = OptionsParser.parse(args);
            if (options.help()) {
                out.println(OptionsParser.USAGE);
                return EXIT_OK;
            }
            settings = settings(options);
        } catch (UsageException e) {
            err.println(PROGRAM + ": " + e.getMessage());
            err.println("Try --help.");
            return EXIT_USAGE;
        }
        boolean unreadable = false;
        List<ScriptFile> files = new ArrayList<>();
        for (Path path : options.paths()) {
            try {
                List<ScriptFile> found = ScriptFiles.expand(path);
                if (found.isEmpty()) {
                    err.println(PROGRAM + ": no .test or .slt files under " + path);
                    unreadable = true;
                }
                files.addAll(found);
            } catch (IOException e) {
                err.println(PROGRAM + ": cannot list " + path + ": " + e.getMessage());
                unreadable = true;
            }
        }
        if (!options.compare().isEmpty() || options.reportMd().isPresent()) {
            return compare(options, settings, files, args, out, err) || unreadable ? EXIT_FAILED : EXIT_OK;
        }
        RunSummary summary = new CorpusRunner(settings, new ConsoleReporter(out, options.verbose())).run(files);
        if (options.junitXml().isPresent()) {
            try {
                JUnitXmlReport.write(options.junitXml().get(), settings.engine().name(), summary);
            } catch (IOException e) {
                err.println(PROGRAM + ": " + e.getMessage());
                unreadable = true;
            }
        }
        boolean stoppedAtFailure = options.failFast() && summary.failed() > 0;
        boolean malformed = summary.malformed() > 0;
        return unreadable || summary.errors() > 0 || stoppedAtFailure || malformed ? EXIT_FAILED : EXIT_OK;
    }

    /**
     * Runs the files on each engine of {@code --compare} (or on the one engine), one engine after
     * the other, printing each run as usual under a heading, and writes {@code --report-md}.
     *
     * @return whether the run went wrong in a way that changes the exit status
     */
    private static boolean compare(Options options, RunSettings settings, List<ScriptFile> files, String[] args,
                                   PrintStream out, PrintStream err) {
        List<RunSettings> engines = new ArrayList<>();
        if (options.compare().isEmpty()) {
            engines.add(settings);
        } else {
            for (String name : options.compare()) {
                engines.add(settings.withEngine(named(name, options)));
            }
        }
        boolean wrong = false;
        List<ComparisonReport.EngineRun> runs = new ArrayList<>();
        for (RunSettings engine : engines) {
            if (engines.size() > 1) {
                out.println("== " + engine.engine().name());
            }
            RunSummary summary = new CorpusRunner(engine, new ConsoleReporter(out, options.verbose())).run(files);
            runs.add(new ComparisonReport.EngineRun(engine.engine().name(), summary));
            wrong |= summary.errors() > 0 || summary.malformed() > 0 || (options.failFast() && summary.failed() > 0);
        }
        if (options.reportMd().isPresent()) {
            try {
                ComparisonReport.write(options.reportMd().get(), "spindle-slt " + String.join(" ", args), runs);
            } catch (IOException e) {
                err.println(PROGRAM + ": cannot write " + options.reportMd().get() + ": " + e.getMessage());
                wrong = true;
            }
        }
        if (options.junitXml().isPresent()) {
            err.println(PROGRAM + ": --junit-xml is written for single-engine runs only; not written");
        }
        return wrong;
    }

    /** An engine of {@code --compare}: a known name or a JDBC URL, with {@code --label} if given. */
    private static EngineSpec named(String name, Options options) {
        EngineSpec engine = KnownEngines.isKnown(name) ? KnownEngines.byName(name)
                : KnownEngines.forUrl(name, KnownEngines.DEFAULT_LABEL);
        return options.label().isPresent() ? engine.withLabel(options.label().get()) : engine;
    }

    /** The run settings the options describe. */
    static RunSettings settings(Options options) throws UsageException {
        if (!options.compare().isEmpty()) {
            for (String name : options.compare()) {
                if (!KnownEngines.isKnown(name) && !name.startsWith("jdbc:")) {
                    throw new UsageException("--compare: unknown engine '" + name + "' (known: "
                            + String.join(", ", KnownEngines.NAMES) + "; or a JDBC URL)");
                }
            }
            EngineSpec first = named(options.compare().get(0), options);
            return new RunSettings(first, Optional.empty(), options.hashThreshold(), options.failFast(),
                    options.timeoutSeconds(), Set.of());
        }
        EngineSpec engine = engine(options);
        return new RunSettings(engine, reference(options, engine.label()), options.hashThreshold(),
                options.failFast(), options.timeoutSeconds(), Set.of());
    }

    private static EngineSpec engine(Options options) throws UsageException {
        try {
            EngineSpec engine;
            if (options.engine().isPresent()) {
                EngineSpec known = KnownEngines.byName(options.engine().get());
                engine = options.url().isPresent()
                        ? new EngineSpec(known.name(), options.url().get(), known.label())
                        : known;
            } else {
                engine = KnownEngines.forUrl(options.url().orElseThrow(), KnownEngines.DEFAULT_LABEL);
            }
            return options.label().isPresent() ? engine.withLabel(options.label().get()) : engine;
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private static Optional<EngineSpec> reference(Options options, String label) throws UsageException {
        if (options.reference().isEmpty()) {
            return Optional.empty();
        }
        String value = options.reference().get();
        try {
            if (KnownEngines.isKnown(value)) {
                return Optional.of(KnownEngines.byName(value));
            }
            if (value.startsWith("jdbc:")) {
                return Optional.of(KnownEngines.forUrl(value, label));
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException("--reference: " + e.getMessage());
        }
        throw new UsageException("--reference needs a JDBC URL or one of h2, sqlite; got '" + value + "'");
    }
}
