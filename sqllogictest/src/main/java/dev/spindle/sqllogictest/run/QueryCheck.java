package dev.spindle.sqllogictest.run;

import dev.spindle.sqllogictest.format.QueryExpectation;
import dev.spindle.sqllogictest.format.QueryRecord;
import dev.spindle.sqllogictest.format.SortMode;
import dev.spindle.sqllogictest.render.ResultHash;
import dev.spindle.sqllogictest.render.ResultSorter;

import java.util.List;
import java.util.Optional;

/**
 * Judges a {@code query} record.
 *
 * <p>The result is sorted as the record asks, then compared in the form the file gives: a
 * {@code N values hashing to H} line is compared with the count and MD5 of the values, anything
 * else value by value (the expected values are sorted the same way first, so hand-written files
 * need not be). With {@code colnames} the column names must be the expected ones. A labelled
 * query must also hash to the value its label is bound to. Thread-safe:
 * static functions (the label table passed in is the caller's).
 */
public final class QueryCheck {

    private QueryCheck() {
    }

    /**
     * Judges one execution of {@code record}.
     *
     * @param record        the query record (types, sort mode, label)
     * @param expectation   the record's expectation with loop variables substituted
     * @param observed      what the engine did
     * @param labels        the labels bound so far in this file on this engine
     * @param hashThreshold the threshold in force, used to decide how results are shown
     */
    public static Verdict check(QueryRecord record, QueryExpectation expectation, Observed observed,
                                LabelTable labels, int hashThreshold) {
        if (expectation instanceof QueryExpectation.Error error) {
            if (!(observed instanceof Observed.Failed failed)) {
                return fail("query succeeded but an error was expected", expectation, observed, hashThreshold);
            }
            return error.error().matches(failed.message(), failed.sqlState())
                    ? Verdict.PASS
                    : fail("error message does not match", expectation, observed, hashThreshold);
        }
        if (observed instanceof Observed.Failed) {
            return fail("query failed", expectation, observed, hashThreshold);
        }
        if (!(observed instanceof Observed.Rows rows)) {
            return fail("query returned no result set", expectation, observed, hashThreshold);
        }
        int columns = record.types().size();
        if (rows.columns() != columns) {
            return fail("expected " + columns + " columns but the query returned " + rows.columns(),
                    expectation, observed, hashThreshold);
        }
        if (record.columnNames().isPresent() && !record.columnNames().get().equals(rows.columnNames())) {
            return Verdict.fail("wrong column names", String.join(" ", record.columnNames().get()),
                    String.join(" ", rows.columnNames()));
        }
        List<String> values = sort(rows.values(), columns, record);
        String md5 = null;
        Verdict verdict;
        if (expectation instanceof QueryExpectation.Hash hash) {
            md5 = ResultHash.md5(values);
            String line = values.size() + " values hashing to " + md5;
            verdict = line.equals(hash.line())
                    ? Verdict.PASS
                    : Verdict.fail("wrong result hash", hash.line(), line + "\n" + ResultText.values(values));
        } else {
            verdict = compareValues(((QueryExpectation.Values) expectation).values(), values, columns, record);
        }
        if (record.label().isPresent()) {
            String label = record.label().get();
            String actualMd5 = md5 != null ? md5 : ResultHash.md5(values);
            Optional<LabelTable.Binding> bound = labels.check(label, actualMd5, record.line());
            if (verdict.passed() && bound.isPresent()) {
                return Verdict.fail(labelDisagrees(label, bound.get(), actualMd5, "this result"),
                        expectedText(expectation), ResultText.values(values));
            }
        }
        return verdict;
    }

    /** The problem of a result that passes its own expectation but not its label's. */
    static String labelDisagrees(String label, LabelTable.Binding bound, String md5, String what) {
        return "labeled result does not agree: label " + label + " was bound at line " + bound.line()
                + " to a result hashing to " + bound.md5() + "; " + what + " hashes to " + md5;
    }

    /** Values in the order the record asks for: as they came, or sorted by rows, values or key runs. */
    static List<String> sort(List<String> values, int columns, QueryRecord record) {
        return record.sort() == SortMode.PARTIALSORT
                ? ResultSorter.partialSort(values, columns, record.sortColumns())
                : ResultSorter.sort(values, columns, record.sort());
    }

    private static Verdict compareValues(List<String> expectedValues, List<String> values, int columns,
                                         QueryRecord record) {
        List<String> expected = expectedValues;
        if (record.sort() != SortMode.NOSORT && expected.size() % columns == 0) {
            expected = sort(expected, columns, record);
        }
        if (expected.equals(values)) {
            return Verdict.PASS;
        }
        String problem = expected.size() == values.size()
                ? "wrong result"
                : "wrong result: expected " + expected.size() + " values but got " + values.size();
        return Verdict.fail(problem, ResultText.values(expected), ResultText.values(values));
    }

    private static Verdict fail(String problem, QueryExpectation expectation, Observed observed, int hashThreshold) {
        return Verdict.fail(problem, expectedText(expectation), ResultText.observed(observed, hashThreshold));
    }

    static String expectedText(QueryExpectation expectation) {
        if (expectation instanceof QueryExpectation.Hash hash) {
            return hash.line();
        }
        if (expectation instanceof QueryExpectation.Values values) {
            return ResultText.values(values.values());
        }
        return ((QueryExpectation.Error) expectation).error().describe();
    }
}
