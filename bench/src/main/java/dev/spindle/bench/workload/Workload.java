package dev.spindle.bench.workload;

import dev.spindle.bench.BenchOptions;
import dev.spindle.bench.report.Results;

/**
 * One measured workload: runs on both engines and reports its summary line, details and curves.
 *
 * <p>Thread-safety: a workload is run by one thread; it may start and stop helper threads of its
 * own, which end before {@link #run} returns.
 */
public interface Workload {

    /** Its id in the options and the table, e.g. {@code P1}. */
    String id();

    void run(BenchOptions options, Results results) throws Exception;
}
