package dev.spindle.compute.bench;

import dev.spindle.common.time.Frontier;
import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.compute.peek.PeekResponse;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * Peek behind peek (issue 4, "Speed"): fast-path point peeks (literal key, at the sealed time 1)
 * on an index over a {@code bigRows}-row table while, with {@code load=SCAN}, {@code scanners}
 * other threads peek the whole index back to back. The target: the point peeks' p99 within
 * 5x of the unloaded p99 (a long scan must not hold the interactive workers hostage).
 *
 * <p>One client thread issues one point peek per {@code intervalMicros} and checks each answer.
 * Each JMH iteration is one {@code seconds}-long paced loop; the figures are the printed
 * {@code [measure]} and {@code RESULT} lines.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
// A fixed, pre-touched heap: first-touch page faults otherwise land in young collections as
// system time (seen: 68 ms evacuations, 0.12 s sys); what an embedder who cares about tails sets.
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
public class PeekBehindPeekBenchmark {
    /** What runs besides the measured peeks. */
    public enum Load { NONE, SCAN }

    @Param({"SPLIT", "SOLO"})
    public RuntimeMode runtime;

    @Param({"NONE", "SCAN"})
    public Load load;

    /**
     * Workers per runtime. One by default: on the two-core box a split runtime then has one
     * maintenance and one interactive thread, one per core; 2 oversubscribes the cores (rerun
     * with {@code -p workers=2} for that shape).
     */
    @Param("1")
    public int workers;

    @Param("1000000")
    public int bigRows;

    /** Threads issuing full-scan peeks under {@code load=SCAN}. */
    @Param("1")
    public int scanners;

    /** Length of one iteration's client loop. */
    @Param("5")
    public int seconds;

    /** The client's pace: one peek per interval (the next at once if a peek took longer). */
    @Param("1000")
    public int intervalMicros;

    private PeekFixture fx;
    private ScanLoad scans;
    private TrialReport report;

    @Setup(Level.Trial)
    public void start(BenchmarkParams params) throws Exception {
        fx = new PeekFixture(runtime, workers, 1, bigRows);
        fx.createIndex(PeekFixture.BIG_DATAFLOW, fx.big, PeekFixture.BIG_INDEX);
        fx.awaitHydrated(PeekFixture.BIG_INDEX, 120);
        // the index stays at time 1: let it merge its batches as it would under a read policy
        fx.ctl.allowCompaction(PeekFixture.BIG_INDEX, Frontier.at(1));
        if (load == Load.SCAN) {
            long iterations = params.getWarmup().getCount() + params.getMeasurement().getCount();
            scans = new ScanLoad(fx, bigRows, scanners, iterations * seconds + 120);
        }
        report = new TrialReport("runtime=" + runtime + " load=" + load + " scanners=" + (scans == null ? 0 : scanners)
                + " W=" + workers, () -> scans == null ? "no load" : scans.summary());
    }

    @Setup(Level.Iteration)
    public void startIteration() {
        report.startIteration();
    }

    @Benchmark
    public long peeks() throws Exception {
        return report.iteration.run(TimeUnit.SECONDS.toNanos(seconds), TimeUnit.MICROSECONDS.toNanos(intervalMicros),
                this::pointRead);
    }

    private long pointRead(long seq) throws Exception {
        // spread over the key space: a multiplicative step modulo the row count
        long k = Math.floorMod(seq * 7919L, (long) bigRows);
        long start = System.nanoTime();
        PeekResponse r = fx.peek(PeekFixture.point(PeekFixture.BIG_INDEX, 1, k), 60);
        long nanos = System.nanoTime() - start;
        return PeekFixture.isRow(r, k, PeekFixture.value(k)) ? nanos : -nanos;
    }

    @TearDown(Level.Iteration)
    public void endIteration(IterationParams params) {
        report.endIteration(params.getType() == IterationType.MEASUREMENT);
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        try {
            if (scans != null) {
                scans.close();
            }
            report.endTrial();
        } finally {
            fx.close();
        }
    }
}
