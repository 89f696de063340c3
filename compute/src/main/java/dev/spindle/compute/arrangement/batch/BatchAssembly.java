package dev.spindle.compute.arrangement.batch;

import dev.spindle.common.time.Timestamp;
import java.util.Objects;

/**
 * Builds one sorted, consolidated {@link Batch} from {@link StagedUpdates} in bounded steps: the
 * updates are sorted once, as a whole, and written once, instead of being cut into small sorted
 * parts that are then merged pairwise (a cascade of {@code log2(n / part)} merges, each of which
 * compares and copies every update again).
 *
 * <p>Phases, each done in slices of at most the fuel given to {@link #step}:
 * <ol>
 *   <li><b>prefix</b>: each update's time is checked against the description and advanced by its
 *       since, and its key's first eight bytes become an unsigned {@code long} prefix (the order
 *       of prefixes agrees with key order wherever they differ, as in {@link UpdateSorter});
 *   <li><b>radix</b>: a stable LSD radix sort of the update indices by prefix, one byte per pass,
 *       skipping bytes that are equal in every prefix (three passes for a million distinct
 *       integers);
 *   <li><b>ties</b>: runs of equal prefix are sorted by the full order {@code (key, val, time)}
 *       with a resumable bottom-up merge sort ({@link RunSorter}), so even one run of every
 *       update (long keys that share eight bytes) never holds a step for longer than its fuel;
 *   <li><b>write</b>: equal {@code (key, val, time)} are summed, zero sums dropped, and the batch's
 *       columns written ({@link BatchWriter}).
 * </ol>
 * A unit of fuel is one update handled by one phase (one comparison in the tie phase), except
 * that writing an update costs {@link #WRITE_COST}; a step may overshoot by one small run's sort,
 * and the steps that start the radix passes and the write allocate arrays of the stage's size.
 * The staged updates must not change while assembled.
 *
 * <p>Thread-safety: confined to one thread (an arrangement's worker).
 */
public final class BatchAssembly {
    private static final int PREFIX = 0;
    private static final int RADIX = 1;
    private static final int TIES = 2;
    private static final int WRITE = 3;
    private static final int DONE = 4;
    /**
     * Fuel per update written: the write reads each update where it was staged, in sorted order,
     * so when updates arrived out of key order every one costs several cache misses (measured:
     * about four times a radix pass's update).
     */
    private static final int WRITE_COST = 4;

    private final StagedUpdates updates;
    private final Description description;
    private final int n;
    private final BatchBuilder[] chunks;
    private final long[] times;
    private final long[] prefixOf; // by update index
    private int[] perm;
    private int phase = PREFIX;
    private int pos;

    // radix state
    private final int[][] counts = new int[8][256];
    private long[] pSrc;
    private long[] pBuf;
    private int[] iBuf;
    private int radixByte = -1;
    private int[] offsets;

    // ties state
    private RunSorter runSorter;

    // bytes of every key and of every value staged: the write's arrays are sized by them (an
    // upper bound, exact when no update consolidates away), so they need no trimming copy
    private long keyBytes;
    private long valBytes;

    // write state
    private BatchWriter writer;
    private int prev = -1;
    private long sum;
    private Batch result;

    /**
     * Starts assembling {@code updates} into a batch with {@code description}; no work is done
     * until {@link #step}.
     *
     * @throws IllegalArgumentException if there are updates and the description's since is empty
     */
    public BatchAssembly(StagedUpdates updates, Description description) {
        this.updates = Objects.requireNonNull(updates, "updates");
        this.description = Objects.requireNonNull(description, "description");
        this.n = updates.size();
        if (n > 0 && description.since().isEmpty()) {
            throw new IllegalArgumentException("a batch with updates cannot have an empty since");
        }
        this.chunks = updates.chunkArray();
        this.times = new long[n];
        this.prefixOf = new long[n];
        this.pSrc = new long[n];
        this.perm = new int[n];
        if (n == 0) {
            result = Batch.empty(description);
            phase = DONE;
        }
    }

    /** Number of updates being assembled. */
    public int size() {
        return n;
    }

    /** True once the batch is built ({@link #result}). */
    public boolean isDone() {
        return phase == DONE;
    }

    /** The built batch. @throws IllegalStateException before {@link #isDone} */
    public Batch result() {
        if (result == null) {
            throw new IllegalStateException("the batch is still being assembled");
        }
        return result;
    }

    /**
     * The updates assembled so far, estimated by the phase and the position in it (less than
     * {@link #size} until done, never decreasing): the prefix pass counts for a tenth, the radix
     * passes for a fifth, the ties for a tenth, the write for the rest (it costs the most: it
     * reads the updates in sorted order, scattered over the stage).
     */
    public long estimate() {
        if (phase == DONE) {
            return n;
        }
        double at = (double) pos / n;
        double share = switch (phase) {
            case PREFIX -> 0.1 * at;
            case RADIX -> 0.1 + 0.2 * (Math.max(0, radixByte) + at) / 8;
            case TIES -> 0.3 + 0.1 * at;
            default -> 0.4 + 0.6 * at;
        };
        return Math.min(n - 1L, (long) (n * share));
    }

    /**
     * Does at most about {@code fuel} units of work; returns true once the batch is built.
     *
     * @throws IllegalArgumentException if an update's time is outside the description
     * @throws ArithmeticException if the diffs of one {@code (key, val, time)} overflow a {@code long}
     */
    public boolean step(long fuel) {
        long left = Math.max(1, fuel);
        while (left > 0 && phase != DONE) {
            long used = switch (phase) {
                case PREFIX -> prefixSlice(left);
                case RADIX -> radixSlice(left);
                case TIES -> tiesSlice(left);
                default -> writeSlice(left);
            };
            left -= used;
        }
        return phase == DONE;
    }

    private long prefixSlice(long fuel) {
        int end = (int) Math.min(n, pos + fuel);
        for (int i = pos; i < end; i++) {
            BatchBuilder c = chunks[i >>> StagedUpdates.SHIFT];
            int j = i & StagedUpdates.MASK;
            long t = c.time(j);
            if (!description.contains(t)) {
                throw new IllegalArgumentException("update at time " + t + " is outside " + description);
            }
            times[i] = Timestamp.advanceBy(t, description.since());
            keyBytes += c.valFrom(j) - c.keyFrom(j);
            valBytes += c.valTo(j) - c.valFrom(j);
            long p = UpdateSorter.prefixOf(c.slab(), c.keyFrom(j), c.valFrom(j));
            prefixOf[i] = p;
            pSrc[i] = p;
            perm[i] = i;
            for (int b = 0; b < 8; b++) {
                counts[b][(int) (p >>> (8 * b)) & 0xFF]++;
            }
        }
        long used = end - pos;
        pos = end;
        if (pos == n) {
            phase = RADIX;
            pos = 0;
            nextRadixByte();
        }
        return Math.max(1, used);
    }

    /** Moves to the next byte that differs among the prefixes, or to the tie phase. */
    private void nextRadixByte() {
        while (++radixByte < 8) {
            int[] c = counts[radixByte];
            if (c[(int) (pSrc[0] >>> (8 * radixByte)) & 0xFF] == n) {
                continue; // every prefix has the same byte here
            }
            if (pBuf == null) {
                pBuf = new long[n];
                iBuf = new int[n];
            }
            int s = 0;
            for (int k = 0; k < 256; k++) {
                int x = c[k];
                c[k] = s;
                s += x;
            }
            offsets = c;
            return;
        }
        pBuf = null;
        iBuf = null;
        phase = TIES;
        pos = 0;
    }

    private long radixSlice(long fuel) {
        int end = (int) Math.min(n, pos + fuel);
        int shift = 8 * radixByte;
        int[] c = offsets;
        long[] ps = pSrc;
        long[] pb = pBuf;
        int[] is = perm;
        int[] ib = iBuf;
        for (int i = pos; i < end; i++) {
            long p = ps[i];
            int dst = c[(int) (p >>> shift) & 0xFF]++;
            pb[dst] = p;
            ib[dst] = is[i];
        }
        long used = end - pos;
        pos = end;
        if (pos == n) {
            pSrc = pb;
            pBuf = ps;
            perm = ib;
            iBuf = is;
            pos = 0;
            nextRadixByte();
        }
        return Math.max(1, used);
    }

    /** Sorts runs of equal prefix by the full order; {@code pSrc} is the prefixes in {@code perm} order. */
    private long tiesSlice(long fuel) {
        long used = 0;
        while (used < fuel) {
            if (runSorter != null) {
                used += runSorter.work(fuel - used);
                if (!runSorter.isDone()) {
                    return Math.max(1, used);
                }
                runSorter = null;
            }
            if (pos >= n) {
                phase = WRITE; // pSrc stays: the prefixes in sorted order, for the write
                pos = 0;
                writer = new BatchWriter(n, n, n, capped(keyBytes), capped(valBytes));
                return Math.max(1, used);
            }
            int from = pos;
            long p = pSrc[from];
            int to = from + 1;
            while (to < n && pSrc[to] == p && used + (to - from) < fuel) {
                to++;
            }
            if (to < n && pSrc[to] == p) {
                // a long run: find its end, then sort it in slices
                while (to < n && pSrc[to] == p) {
                    to++;
                }
                runSorter = new RunSorter(perm, from, to, this::compare);
                used += to - from;
                pos = to;
                continue;
            }
            used += to - from;
            if (to - from > 1) {
                runSorter = new RunSorter(perm, from, to, this::compare);
            }
            pos = to;
        }
        return Math.max(1, used);
    }

    private static int capped(long bytes) {
        return (int) Math.min(Integer.MAX_VALUE - 8, bytes);
    }

    /** The full order of updates {@code a} and {@code b}: key bytes, value bytes, advanced time. */
    private int compare(int a, int b) {
        int c = Long.compareUnsigned(prefixOf[a], prefixOf[b]);
        if (c != 0) {
            return c;
        }
        BatchBuilder ca = chunks[a >>> StagedUpdates.SHIFT];
        BatchBuilder cb = chunks[b >>> StagedUpdates.SHIFT];
        int ja = a & StagedUpdates.MASK;
        int jb = b & StagedUpdates.MASK;
        c = java.util.Arrays.compareUnsigned(ca.slab(), ca.keyFrom(ja), ca.valFrom(ja), cb.slab(), cb.keyFrom(jb),
                cb.valFrom(jb));
        if (c != 0) {
            return c;
        }
        c = java.util.Arrays.compareUnsigned(ca.slab(), ca.valFrom(ja), ca.valTo(ja), cb.slab(), cb.valFrom(jb),
                cb.valTo(jb));
        return c != 0 ? c : Long.compare(times[a], times[b]);
    }

    private long writeSlice(long fuel) {
        int end = (int) Math.min(n, pos + Math.max(1, fuel / WRITE_COST));
        long[] sortedPrefix = pSrc;
        BatchWriter w = writer;
        for (int idx = pos; idx < end; idx++) {
            int cur = perm[idx];
            BatchBuilder cc = chunks[cur >>> StagedUpdates.SHIFT];
            int jc = cur & StagedUpdates.MASK;
            boolean newKey;
            boolean newVal;
            if (prev < 0) {
                newKey = true;
                newVal = true;
            } else {
                BatchBuilder cp = chunks[prev >>> StagedUpdates.SHIFT];
                int jp = prev & StagedUpdates.MASK;
                newKey = sortedPrefix[idx - 1] != sortedPrefix[idx] || !java.util.Arrays.equals(cp.slab(), cp.keyFrom(jp),
                        cp.valFrom(jp), cc.slab(), cc.keyFrom(jc), cc.valFrom(jc));
                newVal = newKey || !java.util.Arrays.equals(cp.slab(), cp.valFrom(jp), cp.valTo(jp), cc.slab(),
                        cc.valFrom(jc), cc.valTo(jc));
            }
            boolean newTime = newVal || times[prev] != times[cur];
            if (newTime && prev >= 0 && sum != 0) {
                w.update(times[prev], sum);
            }
            if (newKey) {
                w.startKey(cc.slab(), cc.keyFrom(jc), cc.valFrom(jc));
            }
            if (newVal) {
                w.startVal(cc.slab(), cc.valFrom(jc), cc.valTo(jc));
            }
            sum = newTime ? cc.diff(jc) : Math.addExact(sum, cc.diff(jc));
            prev = cur;
        }
        long used = WRITE_COST * (end - pos);
        pos = end;
        if (pos == n) {
            if (sum != 0) {
                w.update(times[prev], sum);
            }
            result = w.finish(description);
            writer = null;
            perm = null;
            pSrc = null;
            phase = DONE;
        }
        return used;
    }
}
