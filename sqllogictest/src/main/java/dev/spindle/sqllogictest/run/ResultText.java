package dev.spindle.sqllogictest.run;

import dev.spindle.sqllogictest.render.ResultHash;

import java.util.List;

/** Short human-readable forms of results for failure reports. Thread-safe: static functions. */
final class ResultText {

    /** At most this many values are shown; the rest are counted. */
    static final int MAX_VALUES = 40;

    private ResultText() {
    }

    /** Values one per line, as the file format writes them, cut after {@link #MAX_VALUES}. */
    static String values(List<String> values) {
        if (values.isEmpty()) {
            return "(no rows)";
        }
        StringBuilder text = new StringBuilder();
        int shown = Math.min(values.size(), MAX_VALUES);
        for (int i = 0; i < shown; i++) {
            if (i > 0) {
                text.append('\n');
            }
            text.append(values.get(i));
        }
        if (values.size() > shown) {
            text.append("\n... ").append(values.size() - shown).append(" more values");
        }
        return text.toString();
    }

    /** The values, or their hash line when there are more than {@code hashThreshold} (0: never). */
    static String valuesOrHash(List<String> values, int hashThreshold) {
        return hashThreshold > 0 && values.size() > hashThreshold ? ResultHash.line(values) : values(values);
    }

    static String observed(Observed observed, int hashThreshold) {
        if (observed instanceof Observed.Failed failed) {
            return "error: " + failed.message();
        }
        if (observed instanceof Observed.Done done) {
            return done.updateCount() < 0 ? "ok" : "ok, " + done.updateCount() + " rows affected";
        }
        return valuesOrHash(((Observed.Rows) observed).values(), hashThreshold);
    }
}
