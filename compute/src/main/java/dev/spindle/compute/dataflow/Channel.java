package dev.spindle.compute.dataflow;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The edge between one producer and one consumer of a dataflow, on every worker: a FIFO lane per
 * (sender worker, receiver worker). A <em>pipeline</em> channel uses only the lanes from a worker
 * to itself; an <em>exchange</em> channel routes each update to the worker its key hashes to.
 *
 * <p>Created once per dataflow by whichever worker builds it first and shared by all of them
 * (see {@link DataflowShared}). Thread-safety: a lane has one sending and one receiving thread;
 * lanes are lock-free queues.
 */
public final class Channel {
    private final int id;
    private final int workers;
    private final boolean exchange;
    private final Queue<Message>[][] lanes;
    private final Waker[] wakers;

    @SuppressWarnings("unchecked")
    Channel(int id, int workers, boolean exchange, Waker[] wakers) {
        this.id = id;
        this.workers = workers;
        this.exchange = exchange;
        this.wakers = wakers;
        this.lanes = new Queue[workers][workers];
        for (int s = 0; s < workers; s++) {
            for (int r = 0; r < workers; r++) {
                if (exchange || s == r) {
                    lanes[s][r] = new ConcurrentLinkedQueue<>();
                }
            }
        }
    }

    /** The channel's id, equal on every worker. */
    public int id() {
        return id;
    }

    /** Number of workers. */
    public int workers() {
        return workers;
    }

    /** True if updates move between workers by key. */
    public boolean isExchange() {
        return exchange;
    }

    void send(int sender, int receiver, Message m) {
        lanes[sender][receiver].add(m);
        if (sender != receiver) {
            wakers[receiver].wake();
        }
    }

    Message poll(int sender, int receiver) {
        return lanes[sender][receiver].poll();
    }
}
