package dev.spindle.cli.shell;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * A one-line progress bar under the statement while it runs, redrawn every 100 ms from the
 * driver's progress once the statement has run for 300 ms, and erased when it ends:
 *
 * <pre>
 * CREATE INDEX i [##########----------]  52%  520,000 of 1,000,000 records  (Ctrl-C cancels)
 * </pre>
 *
 * <p>Thread-safety: {@link #start()} and {@link #stop()} from the shell's thread; the drawing
 * runs on the timer's thread, under this object's lock, and never after {@link #stop()} returns.
 */
final class ProgressDisplay {
    private static final long DELAY_MS = 300;
    private static final long PERIOD_MS = 100;

    private final PrintWriter writer;
    private final IntSupplier width;
    private final Supplier<Optional<ProgressSnapshot>> source;
    private final ScheduledExecutorService timer;
    private ScheduledFuture<?> task;
    private boolean drawn;
    private boolean running;

    ProgressDisplay(PrintWriter writer, IntSupplier width, Supplier<Optional<ProgressSnapshot>> source,
            ScheduledExecutorService timer) {
        this.writer = writer;
        this.width = width;
        this.source = source;
        this.timer = timer;
    }

    /** A statement starts: draw its progress from {@link #DELAY_MS} on. */
    synchronized void start() {
        running = true;
        drawn = false;
        task = timer.scheduleAtFixedRate(this::tick, DELAY_MS, PERIOD_MS, TimeUnit.MILLISECONDS);
    }

    /** The statement ended: stop drawing and erase the bar. */
    void stop() {
        ScheduledFuture<?> t;
        synchronized (this) {
            running = false;
            t = task;
            task = null;
            if (drawn) {
                writer.print("\r\u001b[K");
                writer.flush();
                drawn = false;
            }
        }
        if (t != null) {
            t.cancel(false);
        }
    }

    private synchronized void tick() {
        if (!running) {
            return;
        }
        Optional<ProgressSnapshot> p;
        try {
            p = source.get();
        } catch (RuntimeException e) {
            return;
        }
        if (p.isEmpty()) {
            return;
        }
        writer.print("\r" + line(p.get(), width.getAsInt()) + "\u001b[K");
        writer.flush();
        drawn = true;
    }

    /** The bar's text for {@code p} on a terminal {@code columns} wide. */
    static String line(ProgressSnapshot p, int columns) {
        String counts;
        String bar = "";
        if (p.total() > 0) {
            double fraction = Math.min(1.0, (double) p.done() / p.total());
            counts = String.format(Locale.ROOT, "%3d%%  %,d of %,d records", (int) (fraction * 100), p.done(), p.total());
            int room = Math.max(0, Math.min(30, columns - p.what().length() - counts.length() - 24));
            if (room >= 10) {
                int full = (int) Math.round(fraction * room);
                bar = " [" + "#".repeat(full) + "-".repeat(room - full) + "]";
            }
        } else {
            counts = String.format(Locale.ROOT, "%,d records", p.done());
        }
        String text = p.what() + bar + "  " + counts + "  (Ctrl-C cancels)";
        return columns > 1 && text.length() >= columns ? text.substring(0, columns - 1) : text;
    }
}
