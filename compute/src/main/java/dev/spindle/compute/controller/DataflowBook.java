package dev.spindle.compute.controller;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.compute.runtime.ComputeRuntime;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;

/**
 * The controller's books on one live dataflow: its runtime, the indexes it still exports, the
 * dataflows it reads from, how far its creation got and whether it failed.
 *
 * <p>Not thread-safe: guarded by the {@link ComputeController}'s monitor, like all its books
 * ({@link #created} is completed outside it).
 */
final class DataflowBook {
    final long id;
    final DataflowDescription desc;
    final ComputeRuntime runtime;
    final boolean transientDf;
    final Set<GlobalId> exports;
    final Set<Long> dependsOn;
    final Set<GlobalId> imports;
    final CompletableFuture<Void> created = new CompletableFuture<>();
    int createdOn;
    int operators = -1;
    SpindleException failure;

    DataflowBook(long id, DataflowDescription desc, ComputeRuntime runtime, boolean transientDf, Set<Long> dependsOn,
                 Set<GlobalId> imports) {
        this.id = id;
        this.desc = desc;
        this.runtime = runtime;
        this.transientDf = transientDf;
        this.exports = new TreeSet<>(desc.indexExports().keySet());
        this.dependsOn = Set.copyOf(dependsOn);
        this.imports = Set.copyOf(imports);
    }
}
