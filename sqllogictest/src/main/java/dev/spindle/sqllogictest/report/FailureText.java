package dev.spindle.sqllogictest.report;

import dev.spindle.sqllogictest.run.Disagreement;
import dev.spindle.sqllogictest.run.Failure;

/** Multi-line descriptions of failures and disagreements. Thread-safe: static functions. */
final class FailureText {

    private static final String INDENT = "    ";

    private FailureText() {
    }

    /** {@code file:line: problem}, then the SQL, the expected and the actual result, indented. */
    static String of(Failure failure) {
        StringBuilder text = new StringBuilder();
        text.append(failure.location()).append(": ").append(failure.problem());
        if (failure.reference() == Failure.ReferenceVerdict.PASSES) {
            text.append(" (the reference passes)");
        } else if (failure.reference() == Failure.ReferenceVerdict.FAILS) {
            text.append(" (the reference fails too)");
        }
        text.append('\n');
        section(text, "sql", failure.sql());
        section(text, "expected", failure.expected());
        section(text, "actual", failure.actual());
        section(text, "reference", failure.referenceActual());
        return text.toString();
    }

    /** {@code file:line: differs from the reference}, then the SQL and both results. */
    static String of(Disagreement disagreement) {
        StringBuilder text = new StringBuilder();
        text.append(disagreement.location()).append(": differs from the reference\n");
        section(text, "sql", disagreement.sql());
        section(text, "engine", disagreement.engine());
        section(text, "reference", disagreement.reference());
        return text.toString();
    }

    private static void section(StringBuilder text, String title, String body) {
        if (body.isEmpty()) {
            return;
        }
        text.append("  ").append(title).append(":\n");
        for (String line : body.split("\n", -1)) {
            text.append(INDENT).append(line).append('\n');
        }
    }
}
