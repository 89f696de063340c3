package dev.spindle.bench.workload;

import dev.spindle.bench.BenchOptions;
import dev.spindle.bench.db.BenchDatabase;
import dev.spindle.bench.db.Engine;
import dev.spindle.bench.db.Table;
import dev.spindle.bench.measure.Heap;
import dev.spindle.bench.measure.Loops;
import dev.spindle.bench.measure.SqlOp;
import dev.spindle.bench.report.Fmt;
import dev.spindle.bench.report.Verdict;
import org.HdrHistogram.Histogram;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Point-lookup latency alone and beside background work on other connections (P4, P8): loads
 * the table with an index on {@code k}, runs paced lookups ({@link Loops#paced}, so stalls are
 * charged to every request they delay) for a warm-up window, then an empty operation paced alike
 * (the machine's own stalls), then an unloaded window, then starts the background threads and
 * runs a loaded window.
 *
 * <p>Thread-safety: {@link #measure} is called by one thread; it starts the background threads,
 * each with its own connection, and joins them before returning.
 */
final class Interference {

    /** What one background thread repeats on its own connection. */
    @FunctionalInterface
    interface Background {
        void once(Connection c) throws SQLException;
    }

    /**
     * The lookups' latencies (ns) alone and under load, how often the background work ran, and
     * the lookups that failed (with the first failure's message): a failed lookup is timed like
     * the others and counted, since a user would see it, and the run goes on. {@code idle} is an
     * empty operation paced the same way just before the unloaded window: the machine's own
     * stalls, which every window also has.
     */
    record Outcome(Histogram idle, Histogram unloaded, Histogram loaded, long backgroundRounds, long failedLookups,
                   String firstFailure) {

        /** The verdict of goal {@code met} on the p99s: machine-bound if the idle loop's p99 rivals the unloaded one. */
        Verdict verdict(boolean met) {
            return Verdict.ofTail(met, idle.getValueAtPercentile(99), unloaded.getValueAtPercentile(99));
        }

        String failures() {
            return failedLookups == 0 ? "" : ", " + failedLookups + " lookups failed: " + firstFailure;
        }

        /** The loaded p99 over the unloaded one. */
        double p99Ratio() {
            return (double) loaded.getValueAtPercentile(99) / unloaded.getValueAtPercentile(99);
        }

        /** {@code p99 X loaded, Y unloaded}. */
        String p99s() {
            return "p99 " + Fmt.nanos(loaded.getValueAtPercentile(99)) + " loaded, "
                    + Fmt.nanos(unloaded.getValueAtPercentile(99)) + " unloaded";
        }

        /** {@link #p99s}, then how many lookups failed, if any. */
        String p99sAndFailedCount() {
            return p99s() + (failedLookups == 0 ? "" : ", " + failedLookups + " lookups failed");
        }
    }

    /**
     * The detail table's rows: each engine's unloaded and loaded latencies, the loaded one
     * labelled with how many {@code rounds} of background work ran and the failures.
     */
    static String rows(Map<Engine, Outcome> outcomes, String rounds) {
        StringBuilder rows = new StringBuilder();
        for (var e : outcomes.entrySet()) {
            rows.append(EngineFigures.row(e.getKey().label() + ": the machine alone (empty operation)", e.getValue().idle()))
                    .append('\n');
            rows.append(EngineFigures.row(e.getKey().label() + " unloaded", e.getValue().unloaded())).append('\n');
            rows.append(EngineFigures.row(e.getKey().label() + " loaded (" + e.getValue().backgroundRounds()
                    + " " + rounds + e.getValue().failures() + ")", e.getValue().loaded())).append('\n');
        }
        return rows.toString().strip();
    }

    private Interference() {
    }

    /**
     * Creates and loads table {@code t} with index {@code t_k} in {@code db}, then collects the heap
     * (both engines alike): the rows just loaded are young, and the first young pause inside a
     * latency window would otherwise copy all of them (100 ms and more for a million rows on this
     * machine), a cost of the load, not of the workload measured.
     */
    static void load(BenchDatabase db, int rows) throws SQLException {
        Table.create(db.main(), "t");
        Table.load(db.main(), "t", 0, rows);
        db.execute("CREATE INDEX t_k ON t (k)");
        Heap.usedAfterGc();
    }

    static Outcome measure(BenchDatabase db, BenchOptions o, int threads, Background work) throws Exception {
        try (Lookup lookup = new Lookup(db.main(), o.rows(), 2)) {
            AtomicLong failedLookups = new AtomicLong();
            AtomicReference<String> firstFailure = new AtomicReference<>();
            SqlOp op = i -> {
                try {
                    lookup.next();
                } catch (SQLException e) {
                    failedLookups.incrementAndGet();
                    firstFailure.compareAndSet(null, ("SQLSTATE " + e.getSQLState() + " " + e.getMessage())
                            .replace('\n', ' ').replace('|', '/'));
                }
            };
            Loops.paced(Math.min(2, o.seconds()), o.rateHz(), op);
            Histogram idle = Loops.paced(Math.min(2, o.seconds()), o.rateHz(), i -> { });
            Histogram unloaded = Loops.paced(o.seconds(), o.rateHz(), op);
            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong rounds = new AtomicLong();
            AtomicReference<Throwable> failed = new AtomicReference<>();
            List<Thread> helpers = new ArrayList<>();
            // the background work stops when the loaded window closes, even if the lookups stall
            // behind it (H2's CREATE INDEX holds a table lock the next CREATE can take again)
            long stopAt = System.nanoTime() + (long) (o.seconds() * 1e9);
            for (int t = 0; t < threads; t++) {
                Connection c = db.connect();
                Thread helper = new Thread(() -> {
                    try {
                        while (!stop.get() && System.nanoTime() < stopAt) {
                            work.once(c);
                            rounds.incrementAndGet();
                        }
                    } catch (Throwable e) {
                        failed.compareAndSet(null, e);
                    }
                }, "bench-background-" + t);
                helper.setDaemon(true);
                helpers.add(helper);
            }
            helpers.forEach(Thread::start);
            Histogram loaded;
            try {
                loaded = Loops.paced(o.seconds(), o.rateHz(), op);
            } finally {
                stop.set(true);
                for (Thread helper : helpers) {
                    helper.join();
                }
            }
            if (failed.get() != null) {
                throw new IllegalStateException("background work failed: " + failed.get(), failed.get());
            }
            return new Outcome(idle, unloaded, loaded, rounds.get(), failedLookups.get(), firstFailure.get());
        }
    }
}
