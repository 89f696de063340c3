package dev.spindle.sqllogictest.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The parsed command line.
 *
 * @param engine         {@code --engine NAME}
 * @param url            {@code --url URL}
 * @param label          {@code --label NAME}
 * @param reference      {@code --reference URL|NAME}
 * @param verbose        {@code --verbose}
 * @param junitXml       {@code --junit-xml FILE}
 * @param failFast       {@code --fail-fast}
 * @param hashThreshold  {@code --hash-threshold N}
 * @param timeoutSeconds {@code --timeout SECONDS} (0: none)
 * @param help           {@code --help}
 * @param paths          the files and folders to run
 * @param compare        {@code --compare E1,E2,...}: the engines to run the files on, one after the
 *                       other; empty without the option
 * @param reportMd       {@code --report-md FILE}
 */
public record Options(Optional<String> engine, Optional<String> url, Optional<String> label,
                      Optional<String> reference, boolean verbose, Optional<Path> junitXml, boolean failFast,
                      OptionalInt hashThreshold, int timeoutSeconds, boolean help, List<Path> paths,
                      List<String> compare, Optional<Path> reportMd) {
    public Options {
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(reference, "reference");
        Objects.requireNonNull(junitXml, "junitXml");
        Objects.requireNonNull(hashThreshold, "hashThreshold");
        paths = List.copyOf(paths);
        compare = List.copyOf(compare);
        Objects.requireNonNull(reportMd, "reportMd");
    }
}
