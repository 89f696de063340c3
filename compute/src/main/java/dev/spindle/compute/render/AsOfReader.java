package dev.spindle.compute.render;

import dev.spindle.common.time.Frontier;
import dev.spindle.common.time.Timestamp;
import dev.spindle.compute.operator.arrange.ArrangementPort;
import dev.spindle.compute.operator.arrange.KeyedReader;

/**
 * A reader of an imported arrangement as the importing dataflow sees it: every time before the
 * dataflow's {@code asOf} reads as {@code asOf}, exactly as the import's stream delivers them, so
 * operators that compare times across inputs (the join) stay exact.
 */
final class AsOfReader implements ArrangementPort.Reader {
    private final ArrangementPort.Reader inner;
    private final Frontier asOf;

    private AsOfReader(ArrangementPort.Reader inner, Frontier asOf) {
        this.inner = inner;
        this.asOf = asOf;
    }

    static ArrangementPort.Reader of(ArrangementPort.Reader inner, Frontier asOf) {
        return new AsOfReader(inner, asOf);
    }

    private KeyedReader.EntryConsumer advance(KeyedReader.EntryConsumer c) {
        return (row, t, d) -> c.accept(row, Timestamp.advanceBy(t, asOf), d);
    }

    @Override
    public KeyedReader snapshot() {
        KeyedReader r = inner.snapshot();
        return (key, c) -> r.read(key, advance(c));
    }

    @Override
    public void scan(KeyedReader.EntryConsumer consumer) {
        inner.scan(advance(consumer));
    }

    @Override
    public Frontier upper() {
        return inner.upper();
    }

    @Override
    public Frontier since() {
        return inner.since().join(asOf);
    }

    @Override
    public void allowCompaction(Frontier since) {
        inner.allowCompaction(since);
    }

    @Override
    public ArrangementPort.Reader openAnother(Frontier readAt) {
        return new AsOfReader(inner.openAnother(readAt), asOf);
    }

    @Override
    public void holdFrom(Frontier from) {
        inner.holdFrom(from);
    }

    @Override
    public void readFrom(Frontier from, KeyedReader.EntryConsumer consumer) {
        inner.readFrom(from, advance(consumer));
    }

    @Override
    public dev.spindle.compute.arrangement.trace.SharedTrace sharedTrace() {
        return inner.sharedTrace();
    }

    @Override
    public void close() {
        inner.close();
    }
}
