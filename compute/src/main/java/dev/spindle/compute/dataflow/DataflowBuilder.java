package dev.spindle.compute.dataflow;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Builds one dataflow's operators on one worker. Operator and channel ids are allocated in call
 * order, so the same build code run on every worker gives every worker the same graph with the
 * same ids (DESIGN invariant 3). Channels are shared between workers through
 * {@link DataflowShared}.
 *
 * <p>Thread-safety: used by one worker thread while it builds.
 */
public final class DataflowBuilder {
    private final int worker;
    private final DataflowShared shared;
    private final List<Operator> operators = new ArrayList<>();
    private final java.util.Map<Class<?>, Object> services;
    private int nextChannel;

    /**
     * A builder for worker {@code worker}; {@code services} are the worker's per-thread services
     * (its trace manager, for example) that operators may use, by type.
     */
    public DataflowBuilder(int worker, DataflowShared shared, java.util.Map<Class<?>, Object> services) {
        this.worker = worker;
        this.shared = shared;
        this.services = java.util.Map.copyOf(services);
    }

    /** The worker service of type {@code type}, or null if the worker has none. */
    public <T> T optionalService(Class<T> type) {
        Object s = services.get(type);
        return s == null ? null : type.cast(s);
    }

    /**
     * The worker service of type {@code type}.
     *
     * @throws IllegalStateException if the worker has none
     */
    public <T> T service(Class<T> type) {
        Object s = services.get(type);
        if (s == null) {
            throw new IllegalStateException("worker has no " + type.getSimpleName());
        }
        return type.cast(s);
    }

    /** This worker's index, {@code 0 <= worker < workers}. */
    public int worker() {
        return worker;
    }

    /** Number of workers in the runtime. */
    public int workers() {
        return shared.workers();
    }

    /** What all workers share for this dataflow. */
    public DataflowShared shared() {
        return shared;
    }

    /** The waker of this worker, for sources fed from other threads. */
    public Waker waker() {
        return shared.waker(worker);
    }

    /** A new, unconnected output for an operator about to be added. */
    public OutputPort newOutput() {
        return new OutputPort(worker);
    }

    /**
     * Connects a consumer to {@code from}: a pipeline channel if {@code exchange} is null, else an
     * exchange channel routing by {@code exchange}'s hash.
     */
    public InputPort connect(OutputPort from, KeyHasher exchange) {
        Channel c = shared.channel(nextChannel++, exchange != null && workers() > 1);
        from.connect(c, c.isExchange() ? exchange : null);
        return new InputPort(c, worker);
    }

    /** Adds an operator made by {@code factory} from the next operator id. */
    public <T extends Operator> T add(IntFunction<T> factory) {
        T op = factory.apply(operators.size());
        if (op.id() != operators.size()) {
            throw new IllegalStateException("operator ids must be allocated by the builder");
        }
        operators.add(op);
        return op;
    }

    /** The operators built so far, in build order. */
    public List<Operator> operators() {
        return Collections.unmodifiableList(operators);
    }

    /** Number of channels allocated so far. */
    public int channelCount() {
        return nextChannel;
    }
}
