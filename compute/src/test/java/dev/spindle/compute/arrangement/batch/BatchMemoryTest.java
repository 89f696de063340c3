package dev.spindle.compute.arrangement.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.GraphLayout;
import org.openjdk.jol.vm.VM;

/**
 * A batch's {@link Batch#sizeBytes()} is the exact footprint of its arrays (checked against JOL on
 * the layout {@link HeapSize} assumes), and (INTEGER, INTEGER) rows stay within 64 bytes each.
 */
class BatchMemoryTest {

    static boolean compressedLayout() {
        return VM.current().addressSize() == 8 && VM.current().arrayHeaderSize() == 16;
    }

    static long jolBytes(Batch b) {
        return b.arrays().isEmpty() ? 0 : GraphLayout.parseInstance(b.arrays().toArray()).totalSize();
    }

    @Test
    void sizeOfAKnownBatchIsExact() {
        BatchBuilder bb = new BatchBuilder();
        // keys 1 (1 byte) and 1000 (3 bytes): variable width -> offsets stored
        bb.push(Row.of(1), Row.of(7), 1, 1);
        bb.push(Row.of(1), Row.of(8), 2, 1);    // a second value for key 1 -> keyVals stored
        bb.push(Row.of(1000), Row.of(9), 3, 1);
        bb.push(Row.of(1000), Row.of(9), 4, -2); // a second time for a value -> valUpdates stored
        Batch b = bb.build(Description.of(Frontier.MIN, Frontier.at(10)));
        assertEquals(4, b.records());
        assertEquals(2, b.keyCount());
        assertEquals(3, b.valCount());
        long expected = 24 /* keyBytes: 4 bytes */ + 32 /* keyOffsets int[3] */ + 32 /* keyVals int[3] */
                + 24 /* valBytes: 3 one-byte values */ /* valOffsets: fixed width 1, not stored */
                + 32 /* valUpdates int[4] */ + 48 /* times long[4] */ + 48 /* diffs long[4] */;
        assertEquals(expected, b.sizeBytes());
        if (compressedLayout()) {
            assertEquals(expected, jolBytes(b));
        }
    }

    @Test
    void integerPairsTakeAtMost64BytesPerRecord() {
        int n = 200_000;
        Random r = new Random(42);
        BatchBuilder bb = new BatchBuilder(n);
        for (int i = 0; i < n; i++) {
            bb.push(Row.of(r.nextInt(), r.nextInt()), 1, i % 1000, 1);
        }
        Batch b = bb.build(Description.of(Frontier.MIN, Frontier.at(1000)));
        long jol = jolBytes(b);
        if (compressedLayout()) {
            assertEquals(jol, b.sizeBytes(), "sizeBytes agrees with JOL");
        }
        double perRecord = (double) GraphLayout.parseInstance(b).totalSize() / b.records();
        System.out.printf("(INTEGER, INTEGER), %d records with varying times: %.1f bytes/record (JOL, whole batch)%n",
                b.records(), perRecord);
        assertTrue(perRecord <= 64, "bytes per record " + perRecord);
    }
}
