package dev.spindle.compute.arrangement.batch;

/**
 * Sorts the updates a {@link BatchBuilder} collected by {@code (key, val, time)} without an object
 * per update: the result is a permutation of update indices.
 *
 * <p>Method: each key's first eight bytes, zero-padded, form an unsigned {@code long} prefix whose
 * order agrees with key order wherever prefixes differ (a shorter key that is a prefix of a longer
 * one pads with zeros and so sorts first, as it must). An LSD radix sort on the prefix, one byte per
 * pass and skipping bytes that are equal in every prefix, orders the updates; runs of equal prefix
 * are then sorted by the full comparison (key bytes, value bytes, time) with a merge sort. Distinct
 * short keys (integers, most identifiers) never reach the comparison sort. Stateless.
 */
final class UpdateSorter {
    private static final int SMALL = 24;

    /** The updates' fields, as the builder stores them; update {@code i}'s value ends where {@code i+1}'s key starts. */
    record Updates(byte[] slab, int[] keyStart, int[] valStart, int slabEnd, long[] times, int n) {
        int keyFrom(int i) {
            return keyStart[i];
        }

        int keyTo(int i) {
            return valStart[i];
        }

        int valFrom(int i) {
            return valStart[i];
        }

        int valTo(int i) {
            return i + 1 < n ? keyStart[i + 1] : slabEnd;
        }

        int compare(int a, int b) {
            int c = java.util.Arrays.compareUnsigned(slab, keyFrom(a), keyTo(a), slab, keyFrom(b), keyTo(b));
            if (c != 0) {
                return c;
            }
            c = java.util.Arrays.compareUnsigned(slab, valFrom(a), valTo(a), slab, valFrom(b), valTo(b));
            return c != 0 ? c : Long.compare(times[a], times[b]);
        }
    }

    private UpdateSorter() {
    }

    /** The indices {@code 0..n-1} ordered by {@code (key, val, time)}. */
    static int[] sort(Updates u) {
        int n = u.n();
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        if (n <= SMALL) {
            insertionSort(u, perm, 0, n);
            return perm;
        }
        long[] prefix = new long[n];
        for (int i = 0; i < n; i++) {
            prefix[i] = prefixOf(u.slab(), u.keyFrom(i), u.keyTo(i));
        }
        radixSort(prefix, perm);
        int runStart = 0;
        int[] scratch = null;
        for (int i = 1; i <= n; i++) {
            if (i == n || prefix[i] != prefix[runStart]) {
                int len = i - runStart;
                if (len > 1) {
                    if (len <= SMALL) {
                        insertionSort(u, perm, runStart, i);
                    } else {
                        if (scratch == null) {
                            scratch = new int[n];
                        }
                        mergeSort(u, perm, scratch, runStart, i);
                    }
                }
                runStart = i;
            }
        }
        return perm;
    }

    /** The first eight bytes of {@code slab[from, to)}, big-endian, zero-padded. */
    static long prefixOf(byte[] slab, int from, int to) {
        long p = 0;
        int end = Math.min(to, from + 8);
        int i = from;
        for (; i < end; i++) {
            p = (p << 8) | (slab[i] & 0xFF);
        }
        return p << (8 * (8 - (end - from)));
    }

    /** Sorts {@code prefix} (unsigned) and applies the same permutation to {@code perm}; stable. */
    private static void radixSort(long[] prefix, int[] perm) {
        int n = prefix.length;
        int[][] counts = new int[8][256];
        for (long p : prefix) {
            for (int b = 0; b < 8; b++) {
                counts[b][(int) (p >>> (8 * b)) & 0xFF]++;
            }
        }
        long[] pBuf = new long[n];
        int[] iBuf = new int[n];
        long[] pSrc = prefix;
        int[] iSrc = perm;
        for (int b = 0; b < 8; b++) {
            int[] c = counts[b];
            if (c[(int) (pSrc[0] >>> (8 * b)) & 0xFF] == n) {
                continue; // every prefix has the same byte here
            }
            int sum = 0;
            for (int k = 0; k < 256; k++) {
                int x = c[k];
                c[k] = sum;
                sum += x;
            }
            for (int i = 0; i < n; i++) {
                int k = (int) (pSrc[i] >>> (8 * b)) & 0xFF;
                int dst = c[k]++;
                pBuf[dst] = pSrc[i];
                iBuf[dst] = iSrc[i];
            }
            long[] pt = pSrc;
            pSrc = pBuf;
            pBuf = pt;
            int[] it = iSrc;
            iSrc = iBuf;
            iBuf = it;
        }
        if (pSrc != prefix) {
            System.arraycopy(pSrc, 0, prefix, 0, n);
            System.arraycopy(iSrc, 0, perm, 0, n);
        }
    }

    private static void insertionSort(Updates u, int[] perm, int from, int to) {
        for (int i = from + 1; i < to; i++) {
            int x = perm[i];
            int j = i - 1;
            while (j >= from && u.compare(perm[j], x) > 0) {
                perm[j + 1] = perm[j];
                j--;
            }
            perm[j + 1] = x;
        }
    }

    private static void mergeSort(Updates u, int[] perm, int[] scratch, int from, int to) {
        if (to - from <= SMALL) {
            insertionSort(u, perm, from, to);
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(u, perm, scratch, from, mid);
        mergeSort(u, perm, scratch, mid, to);
        if (u.compare(perm[mid - 1], perm[mid]) <= 0) {
            return;
        }
        System.arraycopy(perm, from, scratch, from, to - from);
        int i = from;
        int j = mid;
        int o = from;
        while (i < mid && j < to) {
            perm[o++] = u.compare(scratch[j], scratch[i]) < 0 ? scratch[j++] : scratch[i++];
        }
        while (i < mid) {
            perm[o++] = scratch[i++];
        }
        while (j < to) {
            perm[o++] = scratch[j++];
        }
    }
}
