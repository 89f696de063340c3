package dev.spindle.bench.measure;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/**
 * Heap in use after forced collections: {@code System.gc()} (a full collection under G1) until
 * two readings a short pause apart agree within 1 % (background work such as Spindle's
 * arrangement merging may still be freeing memory), at most eight rounds.
 *
 * <p>Thread-safety: stateless.
 */
public final class Heap {

    private Heap() {
    }

    /** Bytes of heap in use once collections no longer free anything. */
    public static long usedAfterGc() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long previous = Long.MAX_VALUE;
        long used = 0;
        for (int round = 0; round < 8; round++) {
            System.gc();
            pause();
            used = memory.getHeapMemoryUsage().getUsed();
            if (Math.abs(previous - used) <= used / 100) {
                break;
            }
            previous = used;
        }
        return used;
    }

    private static void pause() {
        try {
            Thread.sleep(150);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
