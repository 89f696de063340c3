package dev.spindle.bench.workload;

import dev.spindle.bench.BenchJvm;
import dev.spindle.bench.BenchOptions;
import dev.spindle.bench.measure.Curve;
import dev.spindle.bench.report.Fmt;
import dev.spindle.bench.report.Results;
import dev.spindle.bench.report.SummaryLine;
import dev.spindle.bench.report.Verdict;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.util.Statistics;
import org.openjdk.jmh.annotations.Mode;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * P1: runs {@link PointLookupBenchmark} under JMH in sample-time mode (every call's latency is
 * sampled into a histogram), one fork per engine with the fixed JVM flags, and reports median and
 * p99. Goal: Spindle's median no slower than H2's.
 *
 * <p>Thread-safety: run by one thread.
 */
public final class PointLookup implements Workload {

    @Override
    public String id() {
        return "P1";
    }

    @Override
    public void run(BenchOptions o, Results results) throws RunnerException {
        ChainedOptionsBuilder jmh = new OptionsBuilder()
                .include("^" + PointLookupBenchmark.class.getName().replace(".", "\\.") + "\\.")
                .param("rows", String.valueOf(o.rows()))
                .param("engine", "spindle", "h2")
                .mode(Mode.SampleTime)
                .timeUnit(TimeUnit.MICROSECONDS)
                .warmupIterations(o.jmhWarmups())
                .warmupTime(TimeValue.seconds(o.jmhSeconds()))
                .measurementIterations(o.jmhIterations())
                .measurementTime(TimeValue.seconds(o.jmhSeconds()))
                .forks(o.jmhForks())
                .threads(1)
                .shouldFailOnError(true);
        if (o.jmhForks() > 0) {
            jmh.jvmArgs(BenchJvm.FLAGS.toArray(String[]::new));
        }
        Collection<RunResult> runs = new Runner(jmh.build()).run();
        Map<String, Statistics> byEngine = new HashMap<>();
        for (RunResult run : runs) {
            String engine = run.getParams().getParam("engine");
            Statistics s = run.getPrimaryResult().getStatistics();
            byEngine.put(engine, s);
            results.curve("P1: prepared point lookup, " + o.rows() + " rows (JMH sample time)",
                    Curve.of("P1 " + engine, s.getN(), s::getPercentile));
        }
        Statistics spindle = byEngine.get("spindle");
        Statistics h2 = byEngine.get("h2");
        if (spindle == null || h2 == null) {
            throw new IllegalStateException("JMH returned no result for an engine: " + byEngine.keySet());
        }
        double ratio = spindle.getPercentile(50) / h2.getPercentile(50);
        results.line(new SummaryLine("P1", "prepared point lookup, indexed " + o.rows() + "-row (INT, INT) table",
                Fmt.ratio(ratio) + " median, " + Fmt.ratio(spindle.getPercentile(99) / h2.getPercentile(99)) + " p99",
                "median ≤ 1.0x", Verdict.of(ratio <= 1.0), figures(spindle), figures(h2)));
        results.detail("P1: prepared point lookup (JMH)",
                "`" + Lookup.SQL + "` on an index on `k`, keys uniformly random; JMH sample-time mode, "
                        + o.jmhWarmups() + " warm-up and " + o.jmhIterations() + " measured iterations of "
                        + o.jmhSeconds() + " s, " + (o.jmhForks() == 0 ? "in the driver's JVM" : o.jmhForks() + " fork(s) per engine with the fixed flags") + ".",
                "",
                "| engine | samples | median | p90 | p99 | p99.9 | max |",
                "|---|---|---|---|---|---|---|",
                row("spindle", spindle), row("h2", h2));
    }

    private static String figures(Statistics s) {
        return Fmt.nanos(s.getPercentile(50) * 1000) + " median, " + Fmt.nanos(s.getPercentile(99) * 1000) + " p99";
    }

    private static String row(String engine, Statistics s) {
        return "| " + engine + " | " + s.getN() + " | " + Fmt.nanos(s.getPercentile(50) * 1000) + " | "
                + Fmt.nanos(s.getPercentile(90) * 1000) + " | " + Fmt.nanos(s.getPercentile(99) * 1000) + " | "
                + Fmt.nanos(s.getPercentile(99.9) * 1000) + " | " + Fmt.nanos(s.getMax() * 1000) + " |";
    }
}
