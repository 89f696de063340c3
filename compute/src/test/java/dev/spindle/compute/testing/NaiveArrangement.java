package dev.spindle.compute.testing;

import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Consolidation;
import dev.spindle.common.update.Update;
import dev.spindle.compute.arrangement.batch.StagedUpdates;
import dev.spindle.compute.operator.arrange.ArrangementPort;
import dev.spindle.compute.operator.arrange.KeyedReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An obviously correct arrangement for testing operators: a map from key to the key's updates,
 * compacted (times advanced to the meet of the readers' holds) on {@link #work()}. Worker-thread
 * only.
 */
public final class NaiveArrangement implements ArrangementPort {
    private final TreeMap<Row, List<Update>> byKey = new TreeMap<>();
    private final List<NaiveReader> readers = new CopyOnWriteArrayList<>();
    private Frontier upper = Frontier.MIN;
    private Frontier since = Frontier.MIN;

    public NaiveArrangement() {
    }

    /** An arrangement whose reads start at {@code since}. */
    public NaiveArrangement(Frontier since) {
        this.since = since;
    }

    @Override
    public void insert(StagedUpdates updates, Frontier lower, Frontier newUpper) {
        if (!lower.equals(upper)) {
            throw new IllegalStateException("batch at " + lower + " but upper is " + upper);
        }
        for (int i = 0; i < updates.size(); i++) {
            Update u = updates.update(i);
            if (!lower.lessEqual(u.time()) || !newUpper.isSealed(u.time())) {
                throw new IllegalStateException("update outside its batch");
            }
            byKey.computeIfAbsent(updates.key(i), k -> new ArrayList<>()).add(u);
        }
        upper = newUpper;
    }

    @Override
    public boolean work() {
        Frontier meet = upper;
        for (NaiveReader r : readers) {
            meet = meet.meet(r.hold);
        }
        if (since.lessThan(meet)) {
            since = meet;
            if (!meet.isEmpty()) {
                for (Map.Entry<Row, List<Update>> e : byKey.entrySet()) {
                    e.setValue(new ArrayList<>(Consolidation.advanceAndConsolidate(e.getValue(), meet)));
                }
            }
        }
        return false;
    }

    /** The compaction applied so far. */
    public Frontier since() {
        return since;
    }

    @Override
    public Frontier upper() {
        return upper;
    }

    @Override
    public Reader openReader() {
        NaiveReader r = new NaiveReader(since);
        readers.add(r);
        return r;
    }

    @Override
    public void close() {
        byKey.clear();
    }

    private final class NaiveReader implements Reader {
        volatile Frontier hold;

        NaiveReader(Frontier hold) {
            this.hold = hold;
        }

        @Override
        public KeyedReader snapshot() {
            return (key, consumer) -> {
                List<Update> ups = byKey.get(key);
                if (ups != null) {
                    for (Update u : ups) {
                        consumer.accept(u.row(), u.time(), u.diff());
                    }
                }
            };
        }

        @Override
        public void scan(KeyedReader.EntryConsumer consumer) {
            for (List<Update> ups : byKey.values()) {
                for (Update u : ups) {
                    consumer.accept(u.row(), u.time(), u.diff());
                }
            }
        }

        @Override
        public Frontier upper() {
            return upper;
        }

        @Override
        public Frontier since() {
            return since;
        }

        @Override
        public void allowCompaction(Frontier f) {
            if (hold.lessThan(f)) {
                hold = f;
            }
        }

        @Override
        public Reader openAnother(Frontier readAt) {
            if (!since.lessEqual(readAt)) {
                throw new dev.spindle.common.error.SpindleException(
                        dev.spindle.common.error.ErrorCode.COMPACTION_FRONTIER_BEYOND_READ_2, since, readAt);
            }
            NaiveReader r = new NaiveReader(readAt);
            readers.add(r);
            return r;
        }

        @Override
        public void holdFrom(Frontier from) {
            if (!from.isEmpty() && from.time() > 0) {
                allowCompaction(Frontier.at(from.time() - 1));
            }
        }

        @Override
        public void readFrom(Frontier from, KeyedReader.EntryConsumer consumer) {
            scan((row, t, d) -> {
                if (from.lessEqual(t)) {
                    consumer.accept(row, t, d);
                }
            });
        }

        @Override
        public void close() {
            readers.remove(this);
        }
    }
}
