package dev.spindle.compute.dataflow;

/**
 * One operator of a dataflow on one worker. Every worker builds the same operators in the same
 * order, so an operator's {@link #id()} names the same logical operator on every worker.
 *
 * <p>Contract: {@link #run()} never blocks; it does a bounded amount of work (a slice of a large
 * merge or hydration) and returns {@code true} if it did anything or has more to do, so the
 * worker can interleave other dataflows. An operator only gives updates at times its output
 * frontier has not passed. {@link #close()} releases what the operator holds (subscriptions,
 * trace handles). Thread-safety: used only by its worker thread.
 */
public abstract class Operator {
    private final int id;
    private final String name;

    protected Operator(int id, String name) {
        this.id = id;
        this.name = name;
    }

    /** The operator's id within its dataflow, equal on every worker. */
    public final int id() {
        return id;
    }

    /** A short name for introspection. */
    public final String name() {
        return name;
    }

    /** Does available work; {@code true} if it did something or more work is pending. */
    public abstract boolean run();

    /** Releases everything the operator holds. Called once, on the worker thread. */
    public void close() {
    }

    @Override
    public String toString() {
        return name + "#" + id;
    }
}
