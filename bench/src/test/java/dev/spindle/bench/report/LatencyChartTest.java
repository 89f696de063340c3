package dev.spindle.bench.report;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LatencyChartTest {

    @Test
    void percentileAxisLabels() {
        assertEquals("0%", LatencyChart.percentileLabel(0.0));
        assertEquals("90%", LatencyChart.percentileLabel(1.0));
        assertEquals("96.8%", LatencyChart.percentileLabel(1.5));
        assertEquals("99%", LatencyChart.percentileLabel(2.0));
        assertEquals("99.9%", LatencyChart.percentileLabel(3.0));
        assertEquals("99.99%", LatencyChart.percentileLabel(4.0));
    }
}
