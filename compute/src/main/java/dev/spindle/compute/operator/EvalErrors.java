package dev.spindle.compute.operator;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;

/**
 * The encoding of an evaluation error as a row of an {@code errs} collection:
 * {@code (error code name, message)}. Errors are data: they are counted, arranged and retracted
 * like rows, so a peek can return the error its input holds at a time.
 */
public final class EvalErrors {
    private EvalErrors() {
    }

    /** The errs row for {@code e}. */
    public static Row toRow(SpindleException e) {
        return Row.of(e.code().name(), e.getMessage());
    }

    /** The exception an errs row stands for. */
    public static SpindleException toException(Row err) {
        return SpindleException.preformatted(ErrorCode.valueOf(err.getString(0)), err.getString(1));
    }
}
