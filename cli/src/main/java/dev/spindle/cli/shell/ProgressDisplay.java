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
 * <p>When the driver does not know the total in advance (an index on a view, whose rows exist
 * only once the view is computed), a spinner and the time so far, with the records arranged
 * so far once there are any, instead of a bar stuck at 0:
 *
 * <pre>
 * CREATE INDEX v  /  computing the view, 12 s  (Ctrl-C cancels)
 * CREATE INDEX v  -  1,234,000 records arranged so far, 14 s  (Ctrl-C cancels)
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
    private long started;
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
        started = System.nanoTime();
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
        long elapsed = (System.nanoTime() - started) / 1_000_000;
        writer.print("\r" + line(p.get(), width.getAsInt(), elapsed) + "\u001b[K");
        writer.flush();
        drawn = true;
    }

    /** The spinner's frames, one per redraw. */
    private static final String SPINNER = "|/-\\";

    /** The bar's text for {@code p} on a terminal {@code columns} wide, {@code elapsedMillis} into the statement. */
    static String line(ProgressSnapshot p, int columns, long elapsedMillis) {
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
            // no total: a spinner, and what is known so far
            char frame = SPINNER.charAt((int) (Math.max(0, elapsedMillis) / PERIOD_MS % SPINNER.length()));
            String seconds = (Math.max(0, elapsedMillis) / 1000) + " s";
            counts = frame + "  " + (p.done() > 0
                    ? String.format(Locale.ROOT, "%,d records arranged so far, %s", p.done(), seconds)
                    : "computing the view, " + seconds);
        }
        String text = p.what() + bar + "  " + counts + "  (Ctrl-C cancels)";
        return columns > 1 && text.length() >= columns ? text.substring(0, columns - 1) : text;
    }
}
