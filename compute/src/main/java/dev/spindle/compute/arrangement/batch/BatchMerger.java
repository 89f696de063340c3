package dev.spindle.compute.arrangement.batch;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import java.util.Objects;

/**
 * Merges two adjacent batches into one, in slices bounded by fuel, applying logical compaction.
 *
 * <p>The result holds the updates of {@code older} ({@code [l, m)}) and {@code newer}
 * ({@code [m, u)}) with description {@code [l, u)} and since {@code older.since ∨ newer.since ∨
 * compaction}: every time before the compaction frontier is advanced to it (but see the
 * empty-side shortcut below), then equal
 * {@code (key, val, time)} are summed and zero sums dropped. Because advancing is monotone, each
 * value's two time lists stay sorted after advancing, and they are merged in one pass.
 *
 * <p><b>Fuel.</b> {@link #work} consumes one unit per input update read, and stops at the first
 * {@code (key, val)} boundary after the fuel runs out (it may overshoot by that value's updates).
 * A merge with an empty side, whose other side either has no time before the frontier or could not
 * shrink from compaction (every value has one time), completes at once by sharing that side's
 * arrays: its times are then left unadvanced, which the description allows ("may have been
 * advanced") and which reads at any {@code t >= since} cannot tell apart.
 *
 * <p>Confined to the writer's thread; the input batches are immutable and stay readable by others
 * while the merge runs.
 */
public final class BatchMerger {
    private final Batch older;
    private final Batch newer;
    private final Description description;
    private final long floor;
    private BatchWriter writer;
    private Batch result;

    private int ka;
    private int kb;
    private boolean inKey;
    private boolean keyFromOlder;
    private boolean keyFromNewer;
    private int va;
    private int vaEnd;
    private int vb;
    private int vbEnd;

    private BatchMerger(Batch older, Batch newer, Frontier compaction) {
        this.older = older;
        this.newer = newer;
        Description a = older.description();
        Description b = newer.description();
        this.description = new Description(a.lower(), b.upper(), a.since().join(b.since()).join(compaction));
        this.floor = compaction.time();
        if (older.isEmpty() && !worthRewriting(newer)) {
            result = newer.withDescription(description);
        } else if (newer.isEmpty() && !worthRewriting(older)) {
            result = older.withDescription(description);
        } else {
            writer = new BatchWriter(cap((long) older.keyCount() + newer.keyCount()),
                    cap((long) older.valCount() + newer.valCount()), cap((long) older.records() + newer.records()),
                    cap((long) older.keyBytes().length + newer.keyBytes().length),
                    cap((long) older.valBytes().length + newer.valBytes().length));
        }
    }

    /**
     * Starts merging {@code older} with {@code newer}, whose lower must be {@code older}'s upper,
     * advancing times before {@code compaction} to it. No work is done until {@link #work}.
     *
     * @throws IllegalArgumentException if the batches are not adjacent or {@code compaction} is empty
     */
    public static BatchMerger begin(Batch older, Batch newer, Frontier compaction) {
        Objects.requireNonNull(older, "older");
        Objects.requireNonNull(newer, "newer");
        Objects.requireNonNull(compaction, "compaction");
        if (!older.description().upper().equals(newer.description().lower())) {
            throw new IllegalArgumentException("batches are not adjacent: " + older.description() + " then "
                    + newer.description());
        }
        if (compaction.isEmpty()) {
            throw new IllegalArgumentException("cannot compact to the empty frontier");
        }
        return new BatchMerger(older, newer, compaction);
    }

    /**
     * Starts merging two parts of one batch being assembled: both must have the same description,
     * which the result keeps (no compaction beyond their since). Used to build a large batch in
     * fueled slices from separately sorted parts.
     *
     * @throws IllegalArgumentException if the descriptions differ
     */
    public static BatchMerger beginParts(Batch a, Batch b) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        if (!a.description().equals(b.description())) {
            throw new IllegalArgumentException("parts of one batch must share a description: " + a.description()
                    + " and " + b.description());
        }
        if (a.description().since().isEmpty()) {
            throw new IllegalArgumentException("cannot merge parts compacted to the empty frontier");
        }
        return new BatchMerger(a, b, a.description().since());
    }

    /** Merges {@code older} and {@code newer} completely. */
    public static Batch mergeNow(Batch older, Batch newer, Frontier compaction) {
        BatchMerger m = begin(older, newer, compaction);
        m.work(Long.MAX_VALUE);
        return m.result();
    }

    private boolean worthRewriting(Batch b) {
        return b.minTime() < floor && b.records() > b.valCount();
    }

    private static int cap(long n) {
        if (n > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("merged batch would exceed 2^31 entries");
        }
        return (int) n;
    }

    /** The older input. */
    public Batch older() {
        return older;
    }

    /** The newer input. */
    public Batch newer() {
        return newer;
    }

    /** The description the result will have. */
    public Description description() {
        return description;
    }

    /** True once the result is built. */
    public boolean isDone() {
        return result != null;
    }

    /** The merged batch. Requires {@link #isDone()}. */
    public Batch result() {
        if (result == null) {
            throw new IllegalStateException("merge not complete");
        }
        return result;
    }

    /** Heap bytes of the partially built result (zero once done: the result accounts for itself). */
    public long allocatedBytes() {
        return writer == null ? 0 : writer.allocatedBytes();
    }

    /**
     * Does up to about {@code fuel} units of work (input updates read).
     *
     * @return the fuel left: positive only if the merge completed with fuel to spare
     */
    public long work(long fuel) {
        while (result == null && fuel > 0) {
            if (!inKey && !enterNextKey()) {
                result = writer.finish(description);
                writer = null;
                break;
            }
            if (va >= vaEnd && vb >= vbEnd) {
                ka += keyFromOlder ? 1 : 0;
                kb += keyFromNewer ? 1 : 0;
                inKey = false;
                continue;
            }
            int c = va >= vaEnd ? 1 : vb >= vbEnd ? -1 : Row.compareEncoded(
                    older.valBytes(), older.valStart(va), older.valStart(va + 1),
                    newer.valBytes(), newer.valStart(vb), newer.valStart(vb + 1));
            if (c <= 0) {
                writer.startVal(older.valBytes(), older.valStart(va), older.valStart(va + 1));
            } else {
                writer.startVal(newer.valBytes(), newer.valStart(vb), newer.valStart(vb + 1));
            }
            fuel -= mergeTimes(c <= 0 ? va : -1, c >= 0 ? vb : -1);
            va += c <= 0 ? 1 : 0;
            vb += c >= 0 ? 1 : 0;
        }
        return fuel;
    }

    /** Positions on the least next key of either side; false when both are exhausted. */
    private boolean enterNextKey() {
        boolean aLeft = ka < older.keyCount();
        boolean bLeft = kb < newer.keyCount();
        if (!aLeft && !bLeft) {
            return false;
        }
        int c = !aLeft ? 1 : !bLeft ? -1 : Row.compareEncoded(
                older.keyBytes(), older.keyStart(ka), older.keyStart(ka + 1),
                newer.keyBytes(), newer.keyStart(kb), newer.keyStart(kb + 1));
        keyFromOlder = c <= 0;
        keyFromNewer = c >= 0;
        if (keyFromOlder) {
            writer.startKey(older.keyBytes(), older.keyStart(ka), older.keyStart(ka + 1));
            va = older.keyValStart(ka);
            vaEnd = older.keyValStart(ka + 1);
        } else {
            va = 0;
            vaEnd = 0;
        }
        if (keyFromNewer) {
            if (!keyFromOlder) {
                writer.startKey(newer.keyBytes(), newer.keyStart(kb), newer.keyStart(kb + 1));
            }
            vb = newer.keyValStart(kb);
            vbEnd = newer.keyValStart(kb + 1);
        } else {
            vb = 0;
            vbEnd = 0;
        }
        inKey = true;
        return true;
    }

    private long advance(long t) {
        return t < floor ? floor : t;
    }

    /**
     * Writes the advanced, consolidated union of value {@code a}'s updates in {@code older} and
     * value {@code b}'s in {@code newer} (-1: none); returns the number of updates read.
     */
    private long mergeTimes(int a, int b) {
        int ra = a < 0 ? 0 : older.valUpdateStart(a);
        int raEnd = a < 0 ? 0 : older.valUpdateStart(a + 1);
        int rb = b < 0 ? 0 : newer.valUpdateStart(b);
        int rbEnd = b < 0 ? 0 : newer.valUpdateStart(b + 1);
        long read = (raEnd - ra) + (rbEnd - rb);
        boolean have = false;
        long cur = 0;
        long sum = 0;
        while (ra < raEnd || rb < rbEnd) {
            long ta = ra < raEnd ? advance(older.time(ra)) : Long.MAX_VALUE;
            long tb = rb < rbEnd ? advance(newer.time(rb)) : Long.MAX_VALUE;
            long t;
            long d;
            if (ta <= tb) {
                t = ta;
                d = older.diff(ra++);
            } else {
                t = tb;
                d = newer.diff(rb++);
            }
            if (have && t == cur) {
                sum = Math.addExact(sum, d);
            } else {
                if (have && sum != 0) {
                    writer.update(cur, sum);
                }
                cur = t;
                sum = d;
                have = true;
            }
        }
        if (have && sum != 0) {
            writer.update(cur, sum);
        }
        return read;
    }
}
