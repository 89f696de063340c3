package dev.spindle.compute.render;

import dev.spindle.compute.dataflow.OutputPort;
import java.util.Objects;

/**
 * A rendered collection on one worker: the stream of its rows and the stream of its evaluation
 * errors. Every plan node renders to one.
 *
 * @param oks the rows
 * @param errs the errors (rows of {@link dev.spindle.compute.operator.EvalErrors})
 */
record Collection(OutputPort oks, OutputPort errs) {
    Collection {
        Objects.requireNonNull(oks, "oks");
        Objects.requireNonNull(errs, "errs");
    }
}
