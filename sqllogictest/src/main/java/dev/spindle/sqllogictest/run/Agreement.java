package dev.spindle.sqllogictest.run;

import dev.spindle.sqllogictest.format.SortMode;
import dev.spindle.sqllogictest.render.ResultSorter;

/**
 * Whether the engine under test and the reference engine did the same thing with a record,
 * regardless of what the file expects. Error messages are not compared (they differ between
 * engines); only whether there was an error. Thread-safe: static functions.
 */
final class Agreement {

    private Agreement() {
    }

    static boolean statements(Observed engine, Observed reference) {
        return (engine instanceof Observed.Failed) == (reference instanceof Observed.Failed);
    }

    static boolean queries(Observed engine, Observed reference, SortMode sort) {
        if (engine instanceof Observed.Rows a && reference instanceof Observed.Rows b) {
            if (a.columns() != b.columns() || a.values().size() != b.values().size()) {
                return false;
            }
            if (sort == SortMode.NOSORT || a.columns() == 0) {
                return a.values().equals(b.values());
            }
            return ResultSorter.sort(a.values(), a.columns(), sort)
                    .equals(ResultSorter.sort(b.values(), b.columns(), sort));
        }
        return engine.getClass() == reference.getClass();
    }
}
