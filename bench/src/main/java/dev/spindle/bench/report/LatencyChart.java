package dev.spindle.bench.report;

import dev.spindle.bench.measure.Curve;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The latency percentile chart: one panel per workload (P1, P4, P8), every engine's curve on it;
 * x is the percentile as {@code -log10(1 - p)} (so 90 %, 99 %, 99.9 % are evenly spaced at 1, 2,
 * 3), y the latency in µs, log scale. One PNG, panels stacked.
 *
 * <p>Thread-safety: stateless; XChart builds its charts on the calling thread (headless AWT).
 */
public final class LatencyChart {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 420;

    private LatencyChart() {
    }

    /** Writes the panels of {@code panels} (title to curves) to {@code png}. */
    public static void write(Map<String, List<Curve>> panels, Path png) throws IOException {
        if (panels.isEmpty()) {
            throw new IllegalArgumentException("no latency curves to draw");
        }
        List<XYChart> charts = new ArrayList<>();
        panels.forEach((title, curves) -> charts.add(panel(title, curves)));
        BitmapEncoder.saveBitmap(charts, charts.size(), 1, png.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    private static XYChart panel(String title, List<Curve> curves) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle("percentile").yAxisTitle("latency (µs)").build();
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setxAxisTickLabelsFormattingFunction(LatencyChart::percentileLabel);
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideNW);
        for (Curve curve : curves) {
            double[] ps = curve.percentiles();
            double[] x = new double[ps.length];
            for (int i = 0; i < ps.length; i++) {
                x[i] = -Math.log10((100.0 - ps[i]) / 100.0);
            }
            XYSeries series = chart.addSeries(curve.label(), x, floor(curve.micros()));
            series.setMarker(SeriesMarkers.CIRCLE);
        }
        return chart;
    }

    /** Log axes cannot show 0: a latency under 0.01 µs is drawn at 0.01 µs. */
    private static double[] floor(double[] micros) {
        double[] out = micros.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] = Math.max(out[i], 0.01);
        }
        return out;
    }

    /** The percentile at {@code x = -log10(1 - p)}: 90%, 99%, 99.9% at 1, 2, 3; 96.8% at 1.5. */
    static String percentileLabel(Double x) {
        double p = 100.0 * (1 - Math.pow(10, -x));
        int decimals = Math.max(0, (int) Math.ceil(x - 1e-9) - 1);
        String s = String.format(Locale.ROOT, "%." + decimals + "f", p);
        if (s.contains(".")) {
            s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return s + "%";
    }
}
