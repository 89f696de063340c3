package dev.spindle.compute.arrangement.batch;

/**
 * Sorts {@code a[from, to)} (indices, by an {@link Order} on them) in resumable slices: blocks of
 * {@link #BLOCK} by insertion sort, then a bottom-up merge sort whose passes, and merges within a
 * pass, stop where the fuel runs out and go on at the next {@link #work}. Two sorted neighbours
 * already in order are recognized with one comparison and left as they are, so a range that is
 * nearly sorted costs about one comparison per element. Stable.
 *
 * <p>Thread-safety: confined to one thread.
 */
final class RunSorter {
    /** The order of two indices. */
    @FunctionalInterface
    interface Order {
        int compare(int a, int b);
    }

    static final int BLOCK = 32;

    private final int[] a;
    private final int from;
    private final int to;
    private final Order order;
    private int[] scratch; // scratch[k - from] mirrors a[k] while merging
    private int width; // 0 while insertion-sorting blocks
    private int lo;
    private boolean merging;
    private int i;
    private int iEnd;
    private int j;
    private int jEnd;
    private int o;

    RunSorter(int[] a, int from, int to, Order order) {
        java.util.Objects.checkFromToIndex(from, to, a.length);
        this.a = a;
        this.from = from;
        this.to = to;
        this.order = order;
        this.lo = from;
    }

    /** True once {@code a[from, to)} is sorted. */
    boolean isDone() {
        return width != 0 && width >= to - from;
    }

    /** Does at most about {@code fuel} comparisons (a block's insertion sort may overshoot); returns the work done. */
    long work(long fuel) {
        long used = 0;
        while (used < fuel && !isDone()) {
            if (width == 0) {
                int hi = Math.min(to, lo + BLOCK);
                used += insertionSort(lo, hi);
                lo = hi;
                if (lo >= to) {
                    width = BLOCK;
                    lo = from;
                }
                continue;
            }
            if (!merging) {
                int mid = lo + width;
                if (mid >= to) {
                    lo = to; // an odd block out: already sorted
                } else {
                    int hi = (int) Math.min(to, (long) mid + width);
                    used++;
                    if (order.compare(a[mid - 1], a[mid]) <= 0) {
                        lo = hi;
                    } else {
                        if (scratch == null) {
                            scratch = new int[to - from];
                        }
                        System.arraycopy(a, lo, scratch, lo - from, hi - lo);
                        i = lo;
                        iEnd = mid;
                        j = mid;
                        jEnd = hi;
                        o = lo;
                        merging = true;
                    }
                }
                if (!merging && lo >= to) {
                    width = (int) Math.min(Integer.MAX_VALUE, 2L * width);
                    lo = from;
                }
                continue;
            }
            int[] s = scratch;
            int base = from;
            while (used < fuel && i < iEnd && j < jEnd) {
                a[o++] = order.compare(s[j - base], s[i - base]) < 0 ? s[j++ - base] : s[i++ - base];
                used++;
            }
            if (i == iEnd || j == jEnd) {
                if (i < iEnd) {
                    System.arraycopy(s, i - base, a, o, iEnd - i);
                } else if (j < jEnd) {
                    System.arraycopy(s, j - base, a, o, jEnd - j);
                }
                merging = false;
                lo = jEnd;
                if (lo >= to) {
                    width = (int) Math.min(Integer.MAX_VALUE, 2L * width);
                    lo = from;
                }
            }
        }
        return used;
    }

    private long insertionSort(int lo, int hi) {
        long comparisons = 0;
        for (int x = lo + 1; x < hi; x++) {
            int v = a[x];
            int y = x - 1;
            while (y >= lo) {
                comparisons++;
                if (order.compare(a[y], v) <= 0) {
                    break;
                }
                a[y + 1] = a[y];
                y--;
            }
            a[y + 1] = v;
        }
        return Math.max(1, comparisons);
    }
}
