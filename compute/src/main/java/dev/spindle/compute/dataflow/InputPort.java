package dev.spindle.compute.dataflow;

import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Update;
import java.util.ArrayList;
import java.util.List;

/**
 * An operator's input on one worker: drains the channel's lanes into this worker and tracks each
 * sender's promised frontier. The input's frontier is the meet over the senders that can reach
 * this worker; it only advances after the data sent before the promise has been drained.
 *
 * <p>Thread-safety: owned by one worker thread.
 */
public final class InputPort {
    private final Channel channel;
    private final int worker;
    private final long[] senderBounds;

    InputPort(Channel channel, int worker) {
        this.channel = channel;
        this.worker = worker;
        this.senderBounds = new long[channel.workers()];
        java.util.Arrays.fill(senderBounds, Frontier.MIN.bound());
    }

    /**
     * Every update that has arrived; also absorbs the senders' progress. May return an empty list.
     * The list is the caller's: a single message's list is handed over as it is (its sender
     * gave it up when sending), several are joined into one list of their exact total size.
     */
    public List<Update> drain() {
        List<Update> first = null;
        List<List<Update>> more = null;
        int total = 0;
        for (int s = 0; s < senderBounds.length; s++) {
            if (!channel.isExchange() && s != worker) {
                continue;
            }
            Message m;
            while ((m = channel.poll(s, worker)) != null) {
                if (m instanceof Message.Data d) {
                    total += d.updates().size();
                    if (first == null) {
                        first = d.updates();
                    } else {
                        if (more == null) {
                            more = new ArrayList<>();
                        }
                        more.add(d.updates());
                    }
                } else {
                    senderBounds[s] = Math.max(senderBounds[s], ((Message.Progress) m).frontier().bound());
                }
            }
        }
        if (first == null) {
            return List.of();
        }
        if (more == null) {
            return first;
        }
        List<Update> out = new ArrayList<>(total);
        out.addAll(first);
        for (List<Update> l : more) {
            out.addAll(l);
        }
        return out;
    }

    /** The meet of the senders' promises, as of the last {@link #drain()}. */
    public Frontier frontier() {
        long min = Long.MAX_VALUE;
        for (int s = 0; s < senderBounds.length; s++) {
            if (channel.isExchange() || s == worker) {
                min = Math.min(min, senderBounds[s]);
            }
        }
        return min == Long.MAX_VALUE ? Frontier.EMPTY : Frontier.at(min);
    }
}
