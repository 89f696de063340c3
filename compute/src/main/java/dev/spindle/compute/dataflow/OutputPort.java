package dev.spindle.compute.dataflow;

import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Update;
import java.util.ArrayList;
import java.util.List;

/**
 * An operator's output on one worker: the updates it gives go to every channel connected to it
 * (pipeline: to this worker; exchange: to the worker the key hashes to), buffered until
 * {@link #flush()} or {@link #advance}. {@link #advance} promises that no more updates at times
 * before the frontier will be given; it flushes first, so receivers see the data before the
 * promise.
 *
 * <p>Thread-safety: owned by one worker thread.
 */
public final class OutputPort {
    private static final int FLUSH_AT = 1024;

    private record Link(Channel channel, KeyHasher hasher, List<Update>[] buffers) {
    }

    private final int worker;
    private final List<Link> links = new ArrayList<>();
    private Frontier frontier = Frontier.MIN;
    private int buffered;

    OutputPort(int worker) {
        this.worker = worker;
    }

    @SuppressWarnings("unchecked")
    void connect(Channel channel, KeyHasher hasher) {
        List<Update>[] buffers = new List[channel.workers()];
        for (int r = 0; r < buffers.length; r++) {
            buffers[r] = new ArrayList<>();
        }
        links.add(new Link(channel, hasher, buffers));
        if (!frontier.equals(Frontier.MIN)) {
            throw new IllegalStateException("connecting to an output that already advanced");
        }
    }

    /** Gives one update; its time must not be before {@link #frontier()}. */
    public void give(Update u) {
        if (!frontier.lessEqual(u.time())) {
            throw new IllegalStateException("update at " + u.time() + " behind output frontier " + frontier);
        }
        for (Link l : links) {
            int r = l.hasher == null ? worker : (int) Math.floorMod(l.hasher.hash(u.row()), (long) l.buffers.length);
            l.buffers[r].add(u);
        }
        if (++buffered >= FLUSH_AT) {
            flush();
        }
    }

    /** Gives every update of {@code updates}. */
    public void giveAll(List<Update> updates) {
        for (Update u : updates) {
            give(u);
        }
    }

    /** Sends everything buffered. */
    public void flush() {
        if (buffered == 0) {
            return;
        }
        for (Link l : links) {
            for (int r = 0; r < l.buffers.length; r++) {
                if (!l.buffers[r].isEmpty()) {
                    List<Update> sent = l.buffers[r];
                    l.channel.send(worker, r, new Message.Data(sent));
                    // sized as the last one: a bulk stream's buffers do not grow from the default
                    // capacity (nine copies per flush: a tenth of an index build's samples), a
                    // trickle's stay small
                    l.buffers[r] = new ArrayList<>(Math.max(10, sent.size()));
                }
            }
        }
        buffered = 0;
    }

    /**
     * Flushes, then promises receivers that no update at a time before {@code f} follows.
     * Returns true if the frontier moved.
     */
    public boolean advance(Frontier f) {
        flush();
        if (!frontier.lessThan(f)) {
            return false;
        }
        frontier = f;
        for (Link l : links) {
            if (l.hasher == null) {
                l.channel.send(worker, worker, new Message.Progress(f));
            } else {
                for (int r = 0; r < l.buffers.length; r++) {
                    l.channel.send(worker, r, new Message.Progress(f));
                }
            }
        }
        return true;
    }

    /** True if some channel reads this output (updates given to an unconnected output are dropped). */
    public boolean isConnected() {
        return !links.isEmpty();
    }

    /** The frontier promised so far. */
    public Frontier frontier() {
        return frontier;
    }
}
