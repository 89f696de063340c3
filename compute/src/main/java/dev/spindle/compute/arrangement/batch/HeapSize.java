package dev.spindle.compute.arrangement.batch;

/**
 * Heap footprint of primitive arrays on a 64-bit HotSpot JVM with compressed class pointers (the
 * default for heaps under 32 GB): a 16-byte header (mark word, class pointer, length), then the
 * elements, padded to 8 bytes. {@code BatchMemoryTest} checks these figures against JOL.
 */
final class HeapSize {
    /** The shared zero-length slab; never counted, as no batch owns it. */
    static final byte[] NO_BYTES = new byte[0];

    private static final long HEADER = 16;

    private HeapSize() {
    }

    private static long align(long bytes) {
        return (bytes + 7) & ~7L;
    }

    static long of(byte[] a) {
        return a == null || a == NO_BYTES ? 0 : align(HEADER + a.length);
    }

    static long of(int[] a) {
        return a == null ? 0 : align(HEADER + 4L * a.length);
    }

    static long of(long[] a) {
        return a == null ? 0 : align(HEADER + 8L * a.length);
    }
}
