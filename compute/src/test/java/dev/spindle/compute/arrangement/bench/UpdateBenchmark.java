package dev.spindle.compute.arrangement.bench;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.batch.BatchBuilder;
import dev.spindle.compute.arrangement.batch.Description;
import dev.spindle.compute.arrangement.spine.Spine;
import dev.spindle.compute.arrangement.spine.TracePair;
import dev.spindle.compute.arrangement.trace.ArrangementSize;
import dev.spindle.compute.arrangement.trace.TraceHandle;
import java.util.SplittableRandom;
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

/**
 * Maintaining an arrangement of {@code records} {@code (INTEGER, INTEGER)} rows under single-row
 * updates: each operation changes one random key's value at a new time (a batch of a retraction
 * and an insertion, built, inserted with its fuel, published), and the read hold follows the upper
 * 1000 ticks behind, so logical compaction runs as it would under a retention window. The cost per
 * update should grow with {@code log n}, not {@code n}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g"})
public class UpdateBenchmark {

    @Param({"100000", "1000000", "4000000"})
    public int records;

    private Spine spine;
    private TraceHandle handle;
    private int[] values;
    private long time;
    private SplittableRandom random;
    private int maxBatches;

    @Setup(Level.Trial)
    public void hydrate() {
        TracePair pair = Spine.create();
        spine = pair.writer();
        handle = pair.handle();
        handle.setPhysicalCompaction(Frontier.EMPTY);
        random = new SplittableRandom(7);
        values = new int[records];
        BatchBuilder b = new BatchBuilder(records);
        for (int k = 0; k < records; k++) {
            values[k] = random.nextInt();
            b.push(Row.of(k), Row.of(values[k]), 0, 1);
        }
        spine.insert(b.build(Description.of(Frontier.MIN, Frontier.at(1))));
        time = 1;
    }

    @Benchmark
    public long update() {
        int k = random.nextInt(records);
        int v = random.nextInt();
        Row key = Row.of(k);
        BatchBuilder b = new BatchBuilder(2);
        b.push(key, Row.of(values[k]), time, -1);
        b.push(key, Row.of(v), time, 1);
        values[k] = v;
        spine.insert(b.build(Description.of(Frontier.at(time), Frontier.at(time + 1))));
        time++;
        if ((time & 1023) == 0) {
            handle.setLogicalCompaction(Frontier.at(time - 1000));
        }
        int batches = spine.snapshot().batches().size();
        if (batches > maxBatches) {
            maxBatches = batches;
        }
        return time;
    }

    @TearDown(Level.Trial)
    public void report() {
        ArrangementSize size = spine.size();
        System.out.printf("%n[update n=%d] after %d updates: %d records, %d batches (max %d), %.1f B/record%n",
                records, time - 1, size.records(), size.batches(), maxBatches, size.bytesPerRecord());
        handle.close();
        spine.close();
    }
}
