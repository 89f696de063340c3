package dev.spindle.sqllogictest.run;

import dev.spindle.sqllogictest.format.StatementExpectation;

/** Judges a {@code statement} record. Thread-safe: static functions. */
public final class StatementCheck {

    private StatementCheck() {
    }

    /** Whether {@code observed} satisfies {@code expectation}, and if not, why. */
    public static Verdict check(StatementExpectation expectation, Observed observed) {
        if (expectation instanceof StatementExpectation.Error error) {
            if (!(observed instanceof Observed.Failed failed)) {
                return fail("statement succeeded but an error was expected", error.error().describe(), observed);
            }
            return error.error().matches(failed.message(), failed.sqlState())
                    ? Verdict.PASS
                    : fail("error message does not match", error.error().describe(), observed);
        }
        if (observed instanceof Observed.Failed) {
            return fail("statement failed", "ok", observed);
        }
        if (expectation instanceof StatementExpectation.Count count) {
            long rows = observed instanceof Observed.Done done ? done.updateCount() : -1;
            return rows == count.rows()
                    ? Verdict.PASS
                    : fail("wrong number of rows affected", "ok, " + count.rows() + " rows affected", observed);
        }
        return Verdict.PASS;
    }

    private static Verdict fail(String problem, String expected, Observed observed) {
        return Verdict.fail(problem, expected, ResultText.observed(observed, 0));
    }
}
