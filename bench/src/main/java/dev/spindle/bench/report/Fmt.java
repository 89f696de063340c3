package dev.spindle.bench.report;

import java.util.Locale;

/**
 * Number formats of the report: durations with a unit that keeps three significant digits,
 * ratios, byte counts.
 *
 * <p>Thread-safety: stateless.
 */
public final class Fmt {

    private Fmt() {
    }

    /** A duration given in nanoseconds: {@code 812 ns}, {@code 6.41 µs}, {@code 312 ms}, {@code 2.15 s}. */
    public static String nanos(double nanos) {
        if (nanos < 1_000) {
            return String.format(Locale.ROOT, "%.0f ns", nanos);
        }
        if (nanos < 1_000_000) {
            return sig(nanos / 1e3) + " µs";
        }
        if (nanos < 1_000_000_000) {
            return sig(nanos / 1e6) + " ms";
        }
        return sig(nanos / 1e9) + " s";
    }

    /** A ratio: {@code 1.12x}, {@code 2400x}. */
    public static String ratio(double r) {
        if (Double.isNaN(r) || Double.isInfinite(r)) {
            return "n/a";
        }
        return sig(r) + "x";
    }

    /** Bytes: {@code 48.2 B}, {@code 412 MiB}. */
    public static String bytes(double b) {
        if (Math.abs(b) < 10_000) {
            return sig(b) + " B";
        }
        return sig(b / (1 << 20)) + " MiB";
    }

    /** Three significant digits, no exponent. */
    public static String sig(double x) {
        double a = Math.abs(x);
        if (a >= 100) {
            return String.format(Locale.ROOT, "%.0f", x);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", x);
        }
        return String.format(Locale.ROOT, "%.2f", x);
    }
}
