package dev.spindle.bench.report;

import java.util.List;

/**
 * Where and how a run was taken, printed above its results.
 *
 * <p>Thread-safety: an immutable value.
 *
 * @param startedUtc   start time, ISO-8601 UTC
 * @param arguments    the benchmark's command-line arguments
 * @param jvm          the JVM and machine, one line
 * @param jvmFlags     the measuring JVM's flags
 * @param fixedFlags   whether they are the fixed flags ({@code BenchJvm.FLAGS})
 * @param loadBefore   load average at the start
 * @param loadAfter    load average at the end
 * @param idleStalls   the machine's own stalls at the start and at the end: an empty paced loop's
 *                     latency percentiles in the measuring JVM, with no engine at work
 * @param engines      engine name and version per engine, as the drivers report them
 * @param seconds      wall time of the run
 */
public record RunInfo(String startedUtc, List<String> arguments, String jvm, List<String> jvmFlags,
                      boolean fixedFlags, String loadBefore, String loadAfter, String idleStalls, List<String> engines,
                      double seconds) {

    public RunInfo {
        arguments = List.copyOf(arguments);
        jvmFlags = List.copyOf(jvmFlags);
        engines = List.copyOf(engines);
    }
}
