package dev.spindle.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BenchOptionsTest {

    @Test
    void defaultsAreTheIssueSizes() {
        BenchOptions o = BenchOptions.parse();
        assertEquals(1_000_000, o.rows());
        assertEquals(List.of(100_000, 1_000_000, 4_000_000), o.growthSizes());
        BenchOptions.ALL_WORKLOADS.forEach(w -> assertTrue(o.runs(w), w));
    }

    @Test
    void onlyAndQuickAndSizes() {
        BenchOptions o = BenchOptions.parse("--quick", "--only", "p1,growth", "--growth", "5000,1000", "--jmh", "1,2,3,0");
        assertTrue(o.runs("P1"));
        assertTrue(o.runs("GROWTH"));
        assertFalse(o.runs("P7"));
        assertEquals(100_000, o.rows());
        assertEquals(List.of(1000, 5000), o.growthSizes());
        assertEquals(0, o.jmhForks());
        assertEquals(3, o.jmhSeconds());
    }

    @Test
    void badOptionsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse("--only", "P9"));
        assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse("--rows"));
        assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse("--rows", "10"));
        assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse("--frobnicate"));
        assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse("--jmh", "1,2"));
    }
}
