package dev.spindle.sqllogictest.cli;

import dev.spindle.sqllogictest.engine.EngineSpec;
import dev.spindle.sqllogictest.engine.KnownEngines;
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

    /** The run settings the options describe. */
    static RunSettings settings(Options options) throws UsageException {
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
