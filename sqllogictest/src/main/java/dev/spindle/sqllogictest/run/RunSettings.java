package dev.spindle.sqllogictest.run;

import dev.spindle.sqllogictest.engine.EngineSpec;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * How to run files.
 *
 * @param engine         the engine under test; its label drives {@code skipif}/{@code onlyif}
 * @param reference      an engine to run every record on as well, to compare with
 * @param hashThreshold  a threshold replacing the files' own (their default and their
 *                       {@code hash-threshold} records), if given
 * @param failFast       stop at the first failing record
 * @param timeoutSeconds the limit for each SQL text, 0 for none
 * @param features       the features {@code require} records may ask for
 */
public record RunSettings(EngineSpec engine, Optional<EngineSpec> reference, OptionalInt hashThreshold,
                          boolean failFast, int timeoutSeconds, Set<String> features) {
    public RunSettings {
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(reference, "reference");
        Objects.requireNonNull(hashThreshold, "hashThreshold");
        if (hashThreshold.isPresent() && hashThreshold.getAsInt() < 0) {
            throw new IllegalArgumentException("hash threshold must not be negative");
        }
        if (timeoutSeconds < 0) {
            throw new IllegalArgumentException("timeout must not be negative");
        }
        features = Set.copyOf(features);
    }

    /** Settings with only an engine: no reference, the files' thresholds, no timeout. */
    public static RunSettings of(EngineSpec engine) {
        return new RunSettings(engine, Optional.empty(), OptionalInt.empty(), false, 0, Set.of());
    }

    public RunSettings withTimeoutSeconds(int seconds) {
        return new RunSettings(engine, reference, hashThreshold, failFast, seconds, features);
    }

    /** The same settings for another engine under test. */
    public RunSettings withEngine(EngineSpec other) {
        return new RunSettings(other, reference, hashThreshold, failFast, timeoutSeconds, features);
    }

    public RunSettings withReference(EngineSpec referenceEngine) {
        return new RunSettings(engine, Optional.of(referenceEngine), hashThreshold, failFast, timeoutSeconds,
                features);
    }

    public RunSettings withFailFast(boolean stop) {
        return new RunSettings(engine, reference, hashThreshold, stop, timeoutSeconds, features);
    }

    public RunSettings withHashThreshold(int threshold) {
        return new RunSettings(engine, reference, OptionalInt.of(threshold), failFast, timeoutSeconds, features);
    }
}
