package dev.spindle.bench.workload;

import dev.spindle.bench.report.Fmt;
import org.HdrHistogram.Histogram;

/**
 * Common renderings of a latency histogram (nanoseconds) for summary lines and detail tables.
 *
 * <p>Thread-safety: stateless.
 */
final class EngineFigures {

    private EngineFigures() {
    }

    static String medianP99(Histogram h) {
        return Fmt.nanos(h.getValueAtPercentile(50)) + " median, " + Fmt.nanos(h.getValueAtPercentile(99)) + " p99";
    }

    static String header() {
        return "| configuration | operations | median | p90 | p99 | p99.9 | max |\n|---|---|---|---|---|---|---|";
    }

    static String row(String label, Histogram h) {
        return "| " + label + " | " + h.getTotalCount() + " | " + Fmt.nanos(h.getValueAtPercentile(50)) + " | "
                + Fmt.nanos(h.getValueAtPercentile(90)) + " | " + Fmt.nanos(h.getValueAtPercentile(99)) + " | "
                + Fmt.nanos(h.getValueAtPercentile(99.9)) + " | " + Fmt.nanos(h.getMaxValue()) + " |";
    }
}
