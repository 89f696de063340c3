package dev.spindle.compute.export;

import dev.spindle.compute.dataflow.Operator;

/**
 * Keeps an index's {@link TraceBundle} installed in its worker's {@link TraceManager} for as
 * long as the exporting dataflow lives: installed when built, removed (releasing its holds) when
 * the dataflow is dropped. Does no work of its own.
 */
public final class IndexExport extends Operator {
    private final TraceManager manager;
    private final TraceBundle bundle;

    public IndexExport(int id, TraceManager manager, TraceBundle bundle) {
        super(id, "IndexExport(" + bundle.id() + ")");
        this.manager = manager;
        this.bundle = bundle;
        manager.install(bundle);
    }

    @Override
    public boolean run() {
        return false;
    }

    @Override
    public void close() {
        manager.remove(bundle.id());
    }
}
