package dev.spindle.compute.arrangement.trace;

import dev.spindle.common.row.Row;
import java.util.Objects;

/**
 * One entry of a collection read at a time: {@code (key, val)} with its multiplicity there.
 *
 * @param key the key
 * @param val the value
 * @param diff the multiplicity (sum of the diffs at times {@code <= t}); never zero
 */
public record KeyValDiff(Row key, Row val, long diff) {
    public KeyValDiff {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(val, "val");
        if (diff == 0) {
            throw new IllegalArgumentException("zero multiplicity");
        }
    }
}
