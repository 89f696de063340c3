package dev.spindle.compute.render;

import dev.spindle.common.id.GlobalId;
import dev.spindle.storage.table.TableLog;

/** Finds the table log a dataflow's source import reads. Thread-safe. */
@FunctionalInterface
public interface TableResolver {
    /**
     * The log of table {@code id}.
     *
     * @throws dev.spindle.common.error.SpindleException if there is no such table
     */
    TableLog table(GlobalId id);
}
