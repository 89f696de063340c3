package dev.spindle.bench.measure;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleUnaryOperator;

/**
 * A latency percentile curve for the chart: at each percentile of {@link #LEVELS} that the
 * samples resolve (at least one sample above it), the latency in microseconds.
 *
 * <p>Thread-safety: an immutable value (the arrays are copied in and never exposed).
 *
 * @param label       series name, e.g. {@code "P1 spindle"}
 * @param percentiles percentiles, ascending, in 0..100
 * @param micros      latency at each percentile, in microseconds
 */
public record Curve(String label, double[] percentiles, double[] micros) {

    /** The percentiles a curve is drawn through. */
    public static final double[] LEVELS =
            {0, 25, 50, 75, 90, 95, 99, 99.5, 99.9, 99.95, 99.99, 99.995, 99.999};

    public Curve {
        if (percentiles.length != micros.length) {
            throw new IllegalArgumentException("one latency per percentile");
        }
        percentiles = percentiles.clone();
        micros = micros.clone();
    }

    public double[] percentiles() {
        return percentiles.clone();
    }

    public double[] micros() {
        return micros.clone();
    }

    /** The curve of a histogram of nanoseconds. */
    public static Curve of(String label, Histogram nanos) {
        return of(label, nanos.getTotalCount(), p -> nanos.getValueAtPercentile(p) / 1000.0);
    }

    /** The curve of {@code samples} samples whose latency in µs at percentile p is {@code atPercentile(p)}. */
    public static Curve of(String label, long samples, DoubleUnaryOperator atPercentile) {
        List<double[]> points = new ArrayList<>();
        for (double p : LEVELS) {
            if (samples * (100 - p) / 100 >= 1) {
                points.add(new double[] {p, atPercentile.applyAsDouble(p)});
            }
        }
        double[] ps = new double[points.size()];
        double[] us = new double[points.size()];
        for (int i = 0; i < ps.length; i++) {
            ps[i] = points.get(i)[0];
            us[i] = points.get(i)[1];
        }
        return new Curve(label, ps, us);
    }
}
