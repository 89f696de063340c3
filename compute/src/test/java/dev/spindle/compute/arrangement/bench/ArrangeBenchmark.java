package dev.spindle.compute.arrangement.bench;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.batch.BatchBuilder;
import dev.spindle.compute.arrangement.batch.Description;
import dev.spindle.compute.arrangement.spine.Spine;
import dev.spindle.compute.arrangement.spine.TracePair;
import dev.spindle.compute.arrangement.trace.ArrangementSize;
import dev.spindle.compute.arrangement.trace.TraceSnapshot;
import java.util.Random;
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
import org.openjdk.jol.info.GraphLayout;

/**
 * Arranging 1M {@code (INTEGER, INTEGER)} rows (key = first column, value = second, random 32-bit
 * values, diff +1) into a spine: push into builders, sort and consolidate, insert, and merge until
 * no work remains. {@code batches} = 1 arranges everything as one batch (a hydration); 100 inserts
 * 100 batches of 10k rows at successive times, so the spine merges as it goes.
 *
 * <p>After the trial it prints the resident size of the last arrangement: {@code sizeBytes} (the
 * batches' arrays) and JOL's {@code GraphLayout} of the published batches (arrays plus batch
 * objects and descriptions), per record.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "-Djol.magicFieldOffset=true", "-Djdk.attach.allowAttachSelf=true"})
public class ArrangeBenchmark {
    static final int ROWS = 1_000_000;

    @Param({"1", "100"})
    public int batches;

    private Row[] rows;
    private TraceSnapshot last;

    @Setup(Level.Trial)
    public void makeRows() {
        Random r = new Random(1);
        rows = new Row[ROWS];
        for (int i = 0; i < ROWS; i++) {
            rows[i] = Row.of(r.nextInt(), r.nextInt());
        }
    }

    @Benchmark
    public TraceSnapshot arrange() {
        TracePair pair = Spine.create();
        pair.handle().setPhysicalCompaction(Frontier.EMPTY);
        Spine spine = pair.writer();
        int per = ROWS / batches;
        for (int b = 0; b < batches; b++) {
            BatchBuilder builder = new BatchBuilder(per);
            for (int i = b * per; i < (b + 1) * per; i++) {
                builder.push(rows[i], 1, b, 1);
            }
            spine.insert(builder.build(Description.of(Frontier.at(b), Frontier.at(b + 1))));
        }
        while (spine.work(Long.MAX_VALUE)) {
            // merge to the end
        }
        last = spine.snapshot();
        pair.handle().close();
        return last;
    }

    @TearDown(Level.Trial)
    public void report() {
        ArrangementSize size = last.size();
        long jol = GraphLayout.parseInstance(last.batches().toArray()).totalSize();
        System.out.printf("%n[arrange %d batch(es)] %d records in %d batch(es): sizeBytes %.1f B/record, "
                        + "JOL %.1f B/record%n", batches, size.records(), size.batches(), size.bytesPerRecord(),
                (double) jol / size.records());
    }
}
