package dev.spindle.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The measuring JVM's fixed settings, and what is printed about the machine beside the results.
 * The same flags start the driver's JVM ({@link Main}) and JMH's forks, so both engines always
 * run under one configuration: a fixed 6 GiB heap (no resizing in the middle of a measurement),
 * touched in full when the JVM starts ({@code AlwaysPreTouch}: otherwise the engine that first
 * allocates through the heap pays the kernel's first-touch page faults, about 12 s of system CPU
 * for 6 GiB here, and whoever runs later does not), G1 (the JVM's default collector, what a user
 * gets), headless AWT for the chart, UTC.
 *
 * <p>Thread-safety: immutable constants and stateless reads.
 */
public final class BenchJvm {

    /** The flags of every measuring JVM. */
    public static final List<String> FLAGS = List.of(
            "-Xms6g", "-Xmx6g", "-XX:+AlwaysPreTouch", "-XX:+UseG1GC", "-Xss2m",
            "-Djava.awt.headless=true", "-Duser.timezone=UTC");

    private BenchJvm() {
    }

    /** The flags this JVM was started with. */
    public static List<String> inputArguments() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments();
    }

    /** Whether this JVM runs with {@link #FLAGS} (a smoke test in surefire does not). */
    public static boolean hasFixedFlags() {
        return inputArguments().containsAll(FLAGS);
    }

    /** One line: the JVM's name and version, the processors it sees. */
    public static String describe() {
        Runtime rt = Runtime.getRuntime();
        return String.format(Locale.ROOT, "%s %s (%s), %d processors, max heap %d MiB",
                System.getProperty("java.vm.name"), System.getProperty("java.runtime.version"),
                System.getProperty("java.vm.vendor"), rt.availableProcessors(), rt.maxMemory() >> 20);
    }

    /** The 1, 5 and 15 minute load averages as the OS prints them, or the JVM's one-minute figure. */
    public static String loadAverage() {
        Path loadavg = Path.of("/proc/loadavg");
        try {
            if (Files.isReadable(loadavg)) {
                String[] parts = Files.readString(loadavg).trim().split("\\s+");
                return parts[0] + " " + parts[1] + " " + parts[2];
            }
        } catch (java.io.IOException e) {
            // fall through to the JVM's figure
        }
        return String.format(Locale.ROOT, "%.2f",
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }
}
