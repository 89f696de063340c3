package dev.spindle.compute.render;

import dev.spindle.compute.dataflow.OutputPort;
import dev.spindle.compute.operator.arrange.ArrangementPort;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A rendered collection on one worker: the stream of its rows, the stream of its evaluation
 * errors, and the arrangements of it that already exist, by key columns, for joins and reductions
 * to reuse.
 *
 * @param oks the rows
 * @param errs the errors (rows of {@link dev.spindle.compute.operator.EvalErrors})
 * @param arrangements existing arrangements by key columns
 */
record Collection(OutputPort oks, OutputPort errs, Map<List<Integer>, Arranged> arrangements) {
    Collection {
        Objects.requireNonNull(oks, "oks");
        Objects.requireNonNull(errs, "errs");
        arrangements = Map.copyOf(arrangements);
    }

    Collection(OutputPort oks, OutputPort errs) {
        this(oks, errs, Map.of());
    }

    /** This collection with one more arrangement. */
    Collection with(List<Integer> key, Arranged arranged) {
        Map<List<Integer>, Arranged> m = new HashMap<>(arrangements);
        m.put(key, arranged);
        return new Collection(oks, errs, m);
    }

    /**
     * An arrangement of the collection: the stream of updates it has accepted (each already in
     * the arrangement when it arrives) and a way to open a reader with its own hold.
     */
    record Arranged(OutputPort accepted, Supplier<ArrangementPort.Reader> reader) {
    }
}
