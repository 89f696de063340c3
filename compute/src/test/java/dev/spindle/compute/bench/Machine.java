package dev.spindle.compute.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * What else the machine was doing while a figure was measured: the load average (the box is
 * shared) and this JVM's stop-the-world GC pauses (which stall every thread, interactive workers
 * included).
 *
 * <p>Thread-safety: the GC counters are updated by the JMX notification thread and read anywhere.
 */
final class Machine {
    private static final AtomicLong PAUSES = new AtomicLong();
    private static final AtomicLong PAUSE_MS = new AtomicLong();
    private static final AtomicLong MAX_PAUSE_MS = new AtomicLong();
    private static boolean installed;

    private Machine() {
    }

    /** Starts counting GC pauses (idempotent). */
    static synchronized void watchGc() {
        if (installed) {
            return;
        }
        installed = true;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (!(gc instanceof NotificationEmitter emitter)) {
                continue;
            }
            emitter.addNotificationListener((n, handback) -> {
                if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
                    return;
                }
                GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
                if (info.getGcName().contains("Concurrent") || info.getGcName().contains("Cycles")) {
                    return; // concurrent work, not a pause
                }
                long d = info.getGcInfo().getDuration();
                PAUSES.incrementAndGet();
                PAUSE_MS.addAndGet(d);
                MAX_PAUSE_MS.accumulateAndGet(d, Math::max);
            }, null, null);
        }
    }

    /** A point in the GC counters, to diff against later; resets the running maximum. */
    record GcMark(long pauses, long pauseMs) {
    }

    /** Pauses between a mark and now. */
    record GcStats(long pauses, long totalMs, long maxMs) {
        GcStats plus(GcStats o) {
            return new GcStats(pauses + o.pauses, totalMs + o.totalMs, Math.max(maxMs, o.maxMs));
        }

        @Override
        public String toString() {
            return "gc pauses=" + pauses + " total=" + totalMs + "ms max=" + maxMs + "ms";
        }
    }

    static GcMark gcMark() {
        MAX_PAUSE_MS.set(0);
        return new GcMark(PAUSES.get(), PAUSE_MS.get());
    }

    static GcStats gcSince(GcMark mark) {
        return new GcStats(PAUSES.get() - mark.pauses, PAUSE_MS.get() - mark.pauseMs, MAX_PAUSE_MS.get());
    }

    /** The 1, 5 and 15 minute load averages, or "?" off Linux. */
    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (Exception e) {
            return "?";
        }
    }
}
