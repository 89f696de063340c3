package dev.spindle.cli.exec;

import java.time.Duration;
import java.util.List;

/**
 * What running one statement gave.
 *
 * @param outcomes its results, in the order the driver gave them
 * @param warnings the statement's warnings ({@code SQLWarning} messages), in order
 * @param elapsed  from sending the statement to having read every result
 */
public record Execution(List<Outcome> outcomes, List<String> warnings, Duration elapsed) {
    public Execution {
        outcomes = List.copyOf(outcomes);
        warnings = List.copyOf(warnings);
        java.util.Objects.requireNonNull(elapsed, "elapsed");
    }
}
