package dev.spindle.compute.runtime;

import java.util.List;

/**
 * How one worker built one dataflow: its operators' names in id order and the number of channels.
 * Every worker of a runtime must report equal stats for a dataflow (DESIGN invariant 3).
 *
 * @param operators operator names, in id order
 * @param channels number of channels allocated
 */
public record DataflowStats(List<String> operators, int channels) {
    public DataflowStats {
        operators = List.copyOf(operators);
    }
}
