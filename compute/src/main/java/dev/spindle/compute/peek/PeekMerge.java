package dev.spindle.compute.peek;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.PackedRows;
import dev.spindle.compute.plan.RowSetFinishing;
import java.util.ArrayList;
import java.util.List;

/**
 * One peek's answer from its workers' partials: errors win over rows; among several workers'
 * errors the least by SQLSTATE and message, so the answer does not depend on which worker was
 * first; else the rows, to be finished by the reader ({@link PeekResponse.Rows}).
 *
 * <p>Thread-safety: stateless.
 */
public final class PeekMerge {
    private PeekMerge() {
    }

    /** The answer from one partial per worker (none null). */
    public static PeekResponse merge(PeekPartial[] parts, RowSetFinishing finishing) {
        SpindleException error = null;
        for (PeekPartial p : parts) {
            if (p instanceof PeekPartial.Error) {
                SpindleException e = ((PeekPartial.Error) p).error();
                if (error == null || key(e).compareTo(key(error)) < 0) {
                    error = e;
                }
            }
        }
        if (error != null) {
            return new PeekResponse.Error(error);
        }
        List<PackedRows> rows = new ArrayList<>(parts.length);
        for (PeekPartial p : parts) {
            rows.addAll(((PeekPartial.Rows) p).parts());
        }
        return new PeekResponse.Rows(rows, finishing);
    }

    private static String key(SpindleException e) {
        return e.sqlState() + " " + e.getMessage();
    }
}
