package dev.spindle.compute.bench;

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
 * Read isolation (issue 4, "Speed"): fast-path point peeks on a small index ({@code smallRows}
 * rows) while, with {@code load=HYDRATE}, another thread creates an index over a
 * {@code bigRows}-row table, waits until it is readable and drops it, in a loop.
 *
 * <p>Two kinds of read, one client thread issuing one peek per {@code intervalMicros}:
 * <ul>
 *   <li>{@code SEALED}: a point peek at time 1, which the small index sealed long ago; the peek
 *       only has to be served;</li>
 *   <li>{@code FRESH}: write a new value for the key at a new time {@code t} (retract + insert on
 *       the small table, whose upper moves past {@code t}), then a point peek at {@code t}; the
 *       peek waits until the index has taken up the write and sealed {@code t}. Only the peek is
 *       timed (the append itself takes microseconds).</li>
 * </ul>
 * And a control, {@code HANDOFF}: no peek, only a peek's thread hops (client, {@code workers}
 * parked threads, client) through {@link Handoff}, under the same load: the floor the scheduler
 * and the GC set on this machine.
 *
 * <p>Every answer is checked (wrong answers are counted and reported). Each JMH iteration is one
 * {@code seconds}-long paced loop; JMH's single-shot score is just that duration, the figures are
 * the printed {@code [measure]} and {@code RESULT} lines.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
// A fixed, pre-touched heap: first-touch page faults otherwise land in young collections as
// system time (seen: 68 ms evacuations, 0.12 s sys); what an embedder who cares about tails sets.
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
public class ReadIsolationBenchmark {
    /** What runs besides the measured peeks. */
    public enum Load { NONE, HYDRATE }

    /**
     * Which time the measured peeks read; {@code HANDOFF} is the engine-free control (see
     * {@link Handoff}): the same thread hops as a peek, no peek.
     */
    public enum Read { SEALED, FRESH, HANDOFF }

    @Param({"SPLIT", "SOLO"})
    public RuntimeMode runtime;

    @Param({"NONE", "HYDRATE"})
    public Load load;

    @Param({"SEALED", "FRESH", "HANDOFF"})
    public Read read;

    /**
     * Workers per runtime. One by default: on the two-core box a split runtime then has one
     * maintenance and one interactive thread, one per core; 2 oversubscribes the cores (rerun
     * with {@code -p workers=2} for that shape).
     */
    @Param("1")
    public int workers;

    @Param("1000000")
    public int bigRows;

    @Param("1000")
    public int smallRows;

    /** Length of one iteration's client loop. */
    @Param("5")
    public int seconds;

    /** The client's pace: one peek per interval (the next at once if a peek took longer). */
    @Param("1000")
    public int intervalMicros;

    private PeekFixture fx;
    private HydrationLoad hydration;
    private Handoff handoff;
    private TrialReport report;

    @Setup(Level.Trial)
    public void start(BenchmarkParams params) throws Exception {
        fx = new PeekFixture(runtime, workers, smallRows, load == Load.HYDRATE ? bigRows : 1);
        fx.createIndex(PeekFixture.SMALL_DATAFLOW, fx.small, PeekFixture.SMALL_INDEX);
        fx.awaitHydrated(PeekFixture.SMALL_INDEX, 60);
        if (load == Load.HYDRATE) {
            long iterations = params.getWarmup().getCount() + params.getMeasurement().getCount();
            hydration = new HydrationLoad(fx, iterations * seconds + 120);
        }
        if (read == Read.HANDOFF) {
            handoff = new Handoff(workers);
        }
        report = new TrialReport("runtime=" + runtime + " load=" + load + " read=" + read + " W=" + workers,
                () -> hydration == null ? "no load" : hydration.summary());
    }

    @Setup(Level.Iteration)
    public void startIteration() {
        report.startIteration();
    }

    @Benchmark
    public long peeks() throws Exception {
        return report.iteration.run(TimeUnit.SECONDS.toNanos(seconds), TimeUnit.MICROSECONDS.toNanos(intervalMicros),
                read == Read.SEALED ? this::sealedRead : read == Read.FRESH ? this::freshRead : this::handoff);
    }

    private long sealedRead(long seq) throws Exception {
        int k = (int) (seq % smallRows);
        long start = System.nanoTime();
        PeekResponse r = fx.peek(PeekFixture.point(PeekFixture.SMALL_INDEX, 1, k), 60);
        long nanos = System.nanoTime() - start;
        return PeekFixture.isRow(r, k, PeekFixture.value(k)) ? nanos : -nanos;
    }

    private long freshRead(long seq) throws Exception {
        int k = (int) (seq % smallRows);
        long t = fx.writeFresh(k);
        long start = System.nanoTime();
        PeekResponse r = fx.peek(PeekFixture.point(PeekFixture.SMALL_INDEX, t, k), 60);
        long nanos = System.nanoTime() - start;
        if (seq % 1000 == 999) {
            fx.compactSmall(t); // a retention window: keep the small index and table from growing
        }
        return PeekFixture.isRow(r, k, t) ? nanos : -nanos;
    }

    private long handoff(long seq) throws Exception {
        long start = System.nanoTime();
        handoff.roundTrip();
        return System.nanoTime() - start;
    }

    @TearDown(Level.Iteration)
    public void endIteration(IterationParams params) {
        report.endIteration(params.getType() == IterationType.MEASUREMENT);
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        try {
            if (hydration != null) {
                hydration.close();
            }
            if (handoff != null) {
                handoff.close();
            }
            report.endTrial();
        } finally {
            fx.close();
        }
    }
}
