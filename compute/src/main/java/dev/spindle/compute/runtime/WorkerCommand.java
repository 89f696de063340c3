package dev.spindle.compute.runtime;

import dev.spindle.compute.dataflow.DataflowRender;
import dev.spindle.compute.protocol.ComputeCommand;

/**
 * What a runtime queues for each of its workers, in one total order. {@link Protocol} carries
 * the controller's plain-value commands; {@link Local} and {@link RunOnWorker} carry code and
 * exist only inside the runtime's process (operator tests, diagnostics): the controller never
 * sends them, so nothing callable crosses the controller/runtime seam.
 */
public sealed interface WorkerCommand {
    /** A command of the compute protocol. */
    record Protocol(ComputeCommand command) implements WorkerCommand {
    }

    /** Build in-process dataflow {@code id} with {@code render} (tests of operators). */
    record Local(long id, String name, DataflowRender render) implements WorkerCommand {
    }

    /** Run {@code action} on each worker between dataflow steps (diagnostics and tests). */
    record RunOnWorker(WorkerAction action) implements WorkerCommand {
    }

    /** Work done on a worker's thread with access to its state. */
    @FunctionalInterface
    interface WorkerAction {
        /** Runs on worker {@code worker.index()}. */
        void run(Worker worker);
    }
}
