package dev.spindle.compute.arrangement.batch;

import static dev.spindle.compute.arrangement.NaiveTrace.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.NaiveTrace;
import dev.spindle.compute.arrangement.NaiveTrace.U;
import java.util.List;
import org.junit.jupiter.api.Test;

class BatchBuilderTest {

    static final Description D = Description.of(Frontier.MIN, Frontier.at(100));

    @Test
    void sortsConsolidatesAndDropsZeros() {
        BatchBuilder b = new BatchBuilder();
        b.push(row(2), row("b"), 5, 1);
        b.push(row(1), row("z"), 3, 2);
        b.push(row(2), row("a"), 5, 1);
        b.push(row(2), row("b"), 5, -1); // cancels the first
        b.push(row(1), row("z"), 1, 4);
        b.push(row(1), row("z"), 3, 1);
        b.push(row(3), row("q"), 7, 0); // dropped on push
        assertEquals(6, b.size());
        Batch batch = b.build(D);
        assertTrue(b.isEmpty(), "build empties the builder");
        assertEquals(List.of(
                new U(row(1), row("z"), 1, 4),
                new U(row(1), row("z"), 3, 3),
                new U(row(2), row("a"), 5, 1)), NaiveTrace.contents(batch));
        assertEquals(3, batch.records());
        assertEquals(2, batch.keyCount());
        assertEquals(2, batch.valCount());
        assertEquals(1, batch.minTime());
        assertEquals(5, batch.maxTime());
        assertEquals(D, batch.description());
    }

    @Test
    void keyThatConsolidatesAwayLeavesNoTrace() {
        BatchBuilder b = new BatchBuilder();
        b.push(row(1), row(1), 1, 1);
        b.push(row(2), row(2), 1, 1);
        b.push(row(2), row(2), 1, -1);
        b.push(row(3), row(3), 1, 1);
        Batch batch = b.build(D);
        assertEquals(2, batch.keyCount());
        assertEquals(List.of(new U(row(1), row(1), 1, 1), new U(row(3), row(3), 1, 1)), NaiveTrace.contents(batch));
    }

    @Test
    void allCancelledGivesAnEmptyBatch() {
        BatchBuilder b = new BatchBuilder();
        b.push(row(1), row(1), 1, 1);
        b.push(row(1), row(1), 1, -1);
        Batch batch = b.build(D);
        assertTrue(batch.isEmpty());
        assertEquals(0, batch.sizeBytes());
        assertEquals(D, batch.description());
    }

    @Test
    void keysSharingTheirFirstEightBytesAreOrderedByTheRest() {
        BatchBuilder b = new BatchBuilder();
        String[] keys = {"prefix-long-b", "prefix-long-a", "prefix-lo", "prefix-long", "prefix-long-a\u0000", "p"};
        for (int rep = 0; rep < 10; rep++) { // enough updates to take the radix path
            for (String k : keys) {
                b.push(row(k), row(rep % 3), rep, 1);
            }
        }
        Batch batch = b.build(D);
        List<U> got = NaiveTrace.contents(batch);
        List<U> expected = NaiveTrace.consolidate(
                java.util.stream.IntStream.range(0, 10).boxed()
                        .flatMap(rep -> java.util.Arrays.stream(keys).map(k -> new U(row(k), row(rep % 3), rep, 1)))
                        .toList(), 0);
        assertEquals(expected, got);
    }

    @Test
    void pushSplitsARowIntoKeyColumnsAndValue() {
        BatchBuilder b = new BatchBuilder();
        b.push(Row.of(7, "x", 1.5), 1, 2, 1);
        b.push(Row.of(7, "a", 2.5), 2, 2, 1);
        b.push(Row.of(8), 1, 2, 1);
        Batch batch = b.build(D);
        assertEquals(List.of(
                new U(row(7), row("x", 1.5), 2, 1),
                new U(row(7, "a"), row(2.5), 2, 1),
                new U(row(8), Row.EMPTY, 2, 1)), NaiveTrace.contents(batch));
        assertThrows(IllegalArgumentException.class, () -> new BatchBuilder().push(Row.of(1), 2, 0, 1));
    }

    @Test
    void pushFromSlabsCopiesTheRanges() {
        byte[] slab = new byte[32];
        int k = Row.of(5).writeTo(slab, 3);
        int v = Row.of("v").writeTo(slab, k);
        BatchBuilder b = new BatchBuilder();
        b.push(slab, 3, k, slab, k, v, 4, 2);
        java.util.Arrays.fill(slab, (byte) 0);
        assertEquals(List.of(new U(row(5), row("v"), 4, 2)), NaiveTrace.contents(b.build(D)));
    }

    @Test
    void buildAdvancesTimesBeforeSinceAndConsolidates() {
        BatchBuilder b = new BatchBuilder();
        b.push(row(1), row(1), 1, 1);
        b.push(row(1), row(1), 4, 1);
        b.push(row(1), row(1), 6, 1);
        Batch batch = b.build(new Description(Frontier.MIN, Frontier.at(10), Frontier.at(5)));
        assertEquals(List.of(new U(row(1), row(1), 5, 2), new U(row(1), row(1), 6, 1)), NaiveTrace.contents(batch));
    }

    @Test
    void timesOutsideTheDescriptionAreRejected() {
        BatchBuilder b = new BatchBuilder();
        b.push(row(1), row(1), 10, 1);
        assertThrows(IllegalArgumentException.class, () -> b.build(Description.of(Frontier.MIN, Frontier.at(10))));
        b.push(row(1), row(1), 2, 1);
        assertThrows(IllegalArgumentException.class, () -> b.build(Description.of(Frontier.at(3), Frontier.at(10))));
        assertThrows(IllegalArgumentException.class, () -> new BatchBuilder().push(row(1), row(1), -1, 1));
    }

    @Test
    void diffOverflowIsAnError() {
        BatchBuilder b = new BatchBuilder();
        b.push(row(1), row(1), 1, Long.MAX_VALUE);
        b.push(row(1), row(1), 1, 1);
        assertThrows(ArithmeticException.class, () -> b.build(D));
    }

    @Test
    void constantColumnsAreNotStored() {
        BatchBuilder b = new BatchBuilder();
        for (int i = 0; i < 50; i++) {
            b.push(row(i), Row.EMPTY, 9, 1); // one val per key, one time per val, all at 9, all +1
        }
        Batch batch = b.build(D);
        // keyBytes (50 one-byte keys) is the only array: keys 0..49 encode in one byte each.
        assertEquals(List.of(50), batch.arrays().stream().map(a -> ((byte[]) a).length).toList());
        assertEquals(16 + 56, batch.sizeBytes());
    }
}
