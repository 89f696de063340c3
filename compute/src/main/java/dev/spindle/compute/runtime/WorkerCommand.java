package dev.spindle.compute.runtime;

/**
 * What a runtime broadcasts to every one of its workers, in one total order. Plain values.
 */
public sealed interface WorkerCommand {
    /** Build dataflow {@code id} with {@code render}. */
    record CreateDataflow(long id, String name, DataflowRender render) implements WorkerCommand {
    }

    /** Stop dataflow {@code id}'s operators and release what they hold. */
    record DropDataflow(long id) implements WorkerCommand {
    }

    /** Run {@code action} on each worker between dataflow steps (introspection, peeks, tests). */
    record RunOnWorker(WorkerAction action) implements WorkerCommand {
    }

    /** Work done on a worker's thread with access to its state. */
    @FunctionalInterface
    interface WorkerAction {
        /** Runs on worker {@code worker.index()}. */
        void run(Worker worker);
    }
}
