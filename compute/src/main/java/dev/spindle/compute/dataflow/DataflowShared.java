package dev.spindle.compute.dataflow;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;

/**
 * What the workers of one runtime share for one dataflow: its channels and any other per-dataflow
 * objects (capture sinks, export registries), keyed by the deterministic ids every worker
 * allocates in the same order. The first worker to ask creates an object; the others get it.
 *
 * <p>Thread-safe.
 */
public final class DataflowShared {
    private final long dataflowId;
    private final int workers;
    private final Waker[] wakers;
    private final ConcurrentMap<Integer, Channel> channels = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, Object> objects = new ConcurrentHashMap<>();

    public DataflowShared(long dataflowId, int workers, Waker[] wakers) {
        this.dataflowId = dataflowId;
        this.workers = workers;
        this.wakers = wakers;
    }

    /** The dataflow this belongs to. */
    public long dataflowId() {
        return dataflowId;
    }

    /** Number of workers. */
    public int workers() {
        return workers;
    }

    /** The waker of worker {@code index}. */
    public Waker waker(int index) {
        return wakers[index];
    }

    Channel channel(int id, boolean exchange) {
        Channel c = channels.computeIfAbsent(id, i -> new Channel(i, workers, exchange, wakers));
        if (c.isExchange() != exchange) {
            throw new IllegalStateException("workers disagree on channel " + id + ": operator graphs differ");
        }
        return c;
    }

    /** The shared object under {@code key}, created by {@code factory} on first use. */
    @SuppressWarnings("unchecked")
    public <T> T object(String key, Function<String, T> factory) {
        return (T) objects.computeIfAbsent(key, factory);
    }
}
