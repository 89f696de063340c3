package dev.spindle.sqllogictest.run;

import dev.spindle.sqllogictest.format.Condition;
import dev.spindle.sqllogictest.format.HaltRecord;
import dev.spindle.sqllogictest.format.HashThresholdRecord;
import dev.spindle.sqllogictest.format.LoopRecord;
import dev.spindle.sqllogictest.format.MalformedRecord;
import dev.spindle.sqllogictest.format.ModeRecord;
import dev.spindle.sqllogictest.format.QueryExpectation;
import dev.spindle.sqllogictest.format.QueryRecord;
import dev.spindle.sqllogictest.format.Record;
import dev.spindle.sqllogictest.format.RecordVisitor;
import dev.spindle.sqllogictest.format.RequireRecord;
import dev.spindle.sqllogictest.format.ResetServerRecord;
import dev.spindle.sqllogictest.format.Script;
import dev.spindle.sqllogictest.format.StatementExpectation;
import dev.spindle.sqllogictest.format.SortMode;
import dev.spindle.sqllogictest.format.StatementRecord;
import dev.spindle.sqllogictest.format.UnsupportedRecord;
import dev.spindle.sqllogictest.render.ResultHash;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Runs the records of one script on a session (and, if given, on a reference session) and counts
 * what passed, failed and was skipped.
 *
 * <p>Semantics follow SQLite's harness: a record whose conditions exclude the runner's label is
 * skipped (and counted as skipped, whatever its kind); {@code halt} ends the file (the records
 * after it are not counted); a skipped labelled query still binds its label to the hash of its
 * expected result. A malformed record is reported apart (neither passed nor failed) and the file
 * goes on.
 *
 * <p>Not thread-safe: one runner runs one file on one thread.
 */
public final class ScriptRunner {

    /** What to do after a record. */
    private enum Flow {
        CONTINUE,
        /** {@code halt}: stop the file. */
        HALT,
        /** {@code --fail-fast} and a record failed: stop the run. */
        STOP,
        /** An unmet {@code require}: skip the rest of the file. */
        SKIP_REST
    }

    private final Script script;
    private final JdbcSession engine;
    private final JdbcSession reference;
    private final RunSettings settings;
    private final String label;
    private final Bindings bindings = new Bindings();
    private final LabelTable labels = new LabelTable();
    private final LabelTable referenceLabels = new LabelTable();
    private final List<Failure> failures = new ArrayList<>();
    private final List<Disagreement> disagreements = new ArrayList<>();
    private final List<Failure> malformed = new ArrayList<>();
    private final List<Unsupported> unsupported = new ArrayList<>();
    private final Visits visits = new Visits();
    /** How often a {@code retry} query runs again while it fails, and the pause before each run. */
    static final int RETRIES = 5;
    static final long RETRY_PAUSE_MILLIS = 200;

    private int hashThreshold;
    /** Whether a statement or query has run (after which {@code reset-server} is unsupported). */
    private boolean ran;
    private boolean skipMode;
    private int passed;
    private int skipped;
    private String note = "";

    /**
     * @param script    the parsed file
     * @param engine    the session of the engine under test
     * @param reference the reference engine's session, or {@code null}
     * @param settings  the run's settings (label, threshold override, fail-fast, features)
     */
    public ScriptRunner(Script script, JdbcSession engine, JdbcSession reference, RunSettings settings) {
        this.script = Objects.requireNonNull(script, "script");
        this.engine = Objects.requireNonNull(engine, "engine");
        this.reference = reference;
        this.settings = Objects.requireNonNull(settings, "settings");
        this.label = settings.engine().label();
        this.hashThreshold = settings.hashThreshold().orElse(script.style().defaultHashThreshold());
    }

    /** Runs the script once and returns its result, with a zero {@code elapsed} left to the caller. */
    public FileResult run() {
        List<Record> records = script.records();
        FileResult.Status status = FileResult.Status.RAN;
        for (int i = 0; i < records.size(); i++) {
            Flow flow = step(records.get(i));
            if (flow == Flow.SKIP_REST) {
                status = FileResult.Status.SKIPPED;
                skipped += Script.countStatementsAndQueries(records.subList(i + 1, records.size()));
            }
            if (flow != Flow.CONTINUE) {
                break;
            }
        }
        return new FileResult(script.name(), status, passed, failures.size(), skipped, Duration.ZERO, failures,
                disagreements, note, malformed, unsupported);
    }

    private Flow step(Record record) {
        boolean unskip = record instanceof ModeRecord mode && !mode.skip();
        if ((skipMode && !unskip) || Condition.anySkips(record.conditions(), label)) {
            return skip(record);
        }
        return record.accept(visits);
    }

    /**
     * Counts a skipped record. A skipped labelled query binds its label to the hash of its expected
     * result, as SQLite's harness does; if the label is bound already, to another hash, the record
     * fails instead ("labeled result does not agree"): the file contradicts itself.
     */
    private Flow skip(Record record) {
        if (record instanceof QueryRecord query && query.label().isPresent()) {
            String md5 = expectedMd5(query);
            if (md5 != null) {
                String name = query.label().get();
                referenceLabels.bindIfAbsent(name, md5, query.line());
                Optional<LabelTable.Binding> bound = labels.check(name, md5, query.line());
                if (bound.isPresent()) {
                    Verdict verdict = Verdict.fail(QueryCheck.labelDisagrees(name, bound.get(), md5,
                                    "the expected result of this skipped query"),
                            QueryCheck.expectedText(query.expectation()), "(not run: the record is skipped)");
                    return tally(query.line(), bindings.apply(query.sql()), verdict, null);
                }
            }
        }
        skipped++;
        return Flow.CONTINUE;
    }

    /** The hash of a query's expected result (sorted as the record asks), or null for an error. */
    private String expectedMd5(QueryRecord query) {
        QueryExpectation expectation = substitute(query.expectation());
        if (expectation instanceof QueryExpectation.Hash hash) {
            return hash.md5();
        }
        if (expectation instanceof QueryExpectation.Values values) {
            List<String> expected = values.values();
            int columns = query.types().size();
            if (query.sort() != SortMode.NOSORT && columns > 0 && expected.size() % columns == 0) {
                expected = QueryCheck.sort(expected, columns, query);
            }
            return ResultHash.md5(expected);
        }
        return null;
    }

    /** The per-kind handling of records. */
    private final class Visits implements RecordVisitor<Flow> {

        @Override
        public Flow visitStatement(StatementRecord record) {
            String sql = bindings.apply(record.sql());
            StatementExpectation expectation = substitute(record.expectation());
            Observed observed = engine.execute(sql);
            ran = true;
            Verdict verdict = StatementCheck.check(expectation, observed);
            if (reference == null) {
                return tally(record.line(), sql, verdict, null);
            }
            Observed other = reference.execute(sql);
            boolean referencePasses = StatementCheck.check(expectation, other).passed();
            boolean agree = Agreement.statements(observed, other);
            return tallyWithReference(record.line(), sql, verdict, observed, other, referencePasses, agree);
        }

        @Override
        public Flow visitQuery(QueryRecord record) {
            String sql = bindings.apply(record.sql());
            QueryExpectation expectation = substitute(record.expectation());
            Observed observed = engine.query(sql, record.types(), record.mode());
            Verdict verdict = QueryCheck.check(record, expectation, observed, labels, hashThreshold);
            for (int attempt = 1; record.retry() && !verdict.passed() && attempt <= RETRIES; attempt++) {
                pause();
                observed = engine.query(sql, record.types(), record.mode());
                verdict = QueryCheck.check(record, expectation, observed, labels, hashThreshold);
            }
            ran = true;
            if (reference == null) {
                return tally(record.line(), sql, verdict, null);
            }
            Observed other = reference.query(sql, record.types(), record.mode());
            boolean referencePasses = QueryCheck.check(record, expectation, other, referenceLabels, hashThreshold)
                    .passed();
            boolean agree = Agreement.queries(observed, other, record.sort());
            return tallyWithReference(record.line(), sql, verdict, observed, other, referencePasses, agree);
        }

        @Override
        public Flow visitHashThreshold(HashThresholdRecord record) {
            if (settings.hashThreshold().isEmpty()) {
                hashThreshold = record.threshold();
            }
            return Flow.CONTINUE;
        }

        @Override
        public Flow visitHalt(HaltRecord record) {
            note = "halted at line " + record.line();
            return Flow.HALT;
        }

        @Override
        public Flow visitMode(ModeRecord record) {
            skipMode = record.skip();
            return Flow.CONTINUE;
        }

        @Override
        public Flow visitRequire(RequireRecord record) {
            if (settings.features().contains(record.feature())) {
                return Flow.CONTINUE;
            }
            note = "requires '" + record.feature() + "' (line " + record.line() + ")";
            return Flow.SKIP_REST;
        }

        @Override
        public Flow visitLoop(LoopRecord record) {
            for (String value : record.values()) {
                bindings.push(record.variable(), value);
                try {
                    for (Record inner : record.body()) {
                        Flow flow = step(inner);
                        if (flow != Flow.CONTINUE) {
                            return flow;
                        }
                    }
                } finally {
                    bindings.pop();
                }
            }
            return Flow.CONTINUE;
        }

        @Override
        public Flow visitUnsupported(UnsupportedRecord record) {
            unsupported.add(new Unsupported(script.name(), record.line(), record.feature()));
            return Flow.CONTINUE;
        }

        @Override
        public Flow visitResetServer(ResetServerRecord record) {
            if (ran) {
                unsupported.add(new Unsupported(script.name(), record.line(),
                        "a fresh server in the middle of a file (Materialize's 'reset-server')"));
            }
            return Flow.CONTINUE;
        }

        @Override
        public Flow visitMalformed(MalformedRecord record) {
            malformed.add(new Failure(script.name(), record.line(), "", "malformed record: " + record.problem(),
                    "", "", Failure.ReferenceVerdict.NONE, ""));
            return Flow.CONTINUE;
        }
    }

    private static void pause() {
        try {
            Thread.sleep(RETRY_PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Counts a verdict; {@code referenceFailure} describes the reference's run, or is null. */
    private Flow tally(int line, String sql, Verdict verdict, ReferenceOutcome referenceFailure) {
        if (verdict.passed()) {
            passed++;
            return Flow.CONTINUE;
        }
        Failure.ReferenceVerdict referenceVerdict = referenceFailure == null
                ? Failure.ReferenceVerdict.NONE : referenceFailure.verdict();
        String referenceActual = referenceFailure == null ? "" : referenceFailure.actual();
        failures.add(new Failure(script.name(), line, sql, verdict.problem(), verdict.expected(), verdict.actual(),
                referenceVerdict, referenceActual));
        if (settings.failFast()) {
            note = "stopped at the first failure (--fail-fast)";
            return Flow.STOP;
        }
        return Flow.CONTINUE;
    }

    private Flow tallyWithReference(int line, String sql, Verdict verdict, Observed observed, Observed other,
                                    boolean referencePasses, boolean agree) {
        if (agree && verdict.passed()) {
            return tally(line, sql, verdict, null);
        }
        String otherText = ResultText.observed(other, hashThreshold);
        if (!agree) {
            disagreements.add(new Disagreement(script.name(), line, sql, ResultText.observed(observed, hashThreshold),
                    otherText));
        }
        Failure.ReferenceVerdict referenceVerdict = referencePasses
                ? Failure.ReferenceVerdict.PASSES : Failure.ReferenceVerdict.FAILS;
        return tally(line, sql, verdict, new ReferenceOutcome(referenceVerdict, otherText));
    }

    /** How the reference engine fared on a record, for the engine's failure report. */
    private record ReferenceOutcome(Failure.ReferenceVerdict verdict, String actual) {
    }

    private StatementExpectation substitute(StatementExpectation expectation) {
        if (bindings.isEmpty() || !(expectation instanceof StatementExpectation.Error error)) {
            return expectation;
        }
        return new StatementExpectation.Error(error.error().substitute(bindings::apply));
    }

    private QueryExpectation substitute(QueryExpectation expectation) {
        if (bindings.isEmpty()) {
            return expectation;
        }
        if (expectation instanceof QueryExpectation.Values values) {
            List<String> replaced = new ArrayList<>(values.values().size());
            for (String value : values.values()) {
                replaced.add(bindings.apply(value));
            }
            return new QueryExpectation.Values(replaced);
        }
        if (expectation instanceof QueryExpectation.Error error) {
            return new QueryExpectation.Error(error.error().substitute(bindings::apply));
        }
        return expectation;
    }
}
