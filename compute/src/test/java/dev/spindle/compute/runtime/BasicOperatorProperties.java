package dev.spindle.compute.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.common.update.Consolidation;
import dev.spindle.common.update.Update;
import dev.spindle.compute.dataflow.InputPort;
import dev.spindle.compute.dataflow.KeyHasher;
import dev.spindle.compute.dataflow.OutputPort;
import dev.spindle.compute.operator.Capture;
import dev.spindle.compute.operator.CaptureBuffer;
import dev.spindle.compute.operator.EvalErrors;
import dev.spindle.compute.operator.FlatMap;
import dev.spindle.compute.operator.Negate;
import dev.spindle.compute.operator.RowFunction;
import dev.spindle.compute.operator.TableSource;
import dev.spindle.compute.operator.Union;
import dev.spindle.compute.testing.DataflowHarness;
import dev.spindle.compute.testing.DataflowHarness.Scenario;
import dev.spindle.storage.table.TableLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Sources, flat-map with error routing, negate, union and exchange against a naive oracle: at
 * every time, the captured output equals the function applied to the input collection at that
 * time, on generated inputs with retractions, for W = 1, 2 and 4, whatever the batching.
 */
class BasicOperatorProperties {

    static final RelationDesc KV = RelationDesc.of(
            new Column("k", ColumnType.of(TypeKind.BIGINT).withNullable(false)),
            new Column("v", ColumnType.of(TypeKind.BIGINT).withNullable(false)));

    /** (k, v) -> (k % 5, 100 / (v - 3)) for v != 7; dropped for v == 7; errors when v == 3. */
    static final RowFunction FN = (row, out) -> {
        long k = row.getLong(0);
        long v = row.getLong(1);
        if (v == 7) {
            return;
        }
        if (v == 3) {
            throw new SpindleException(ErrorCode.DIVISION_BY_ZERO_0);
        }
        out.accept(Row.of(k % 5, 100 / (v - 3)));
    };

    /** Up to 25 batches of up to 5 updates on each of two tables, 1 to 4 times apart. */
    @Provide
    Arbitrary<Scenario> scenarios() {
        Arbitrary<Row> rows = Combinators.combine(Arbitraries.longs().between(0, 11), Arbitraries.longs().between(0, 9))
                .as((k, v) -> Row.of(k, v));
        return DataflowHarness.scenarios(2, rows, 25, 5, 3);
    }

    @Property(tries = 24)
    void mapNegateUnionExchangeMatchOracle(@ForAll("scenarios") Scenario scenario,
                                           @ForAll @IntRange(min = 0, max = 2) int wExp) throws Exception {
        int workers = 1 << wExp;
        List<List<Update>> left = scenario.updates(0);
        List<List<Update>> right = scenario.updates(1);
        int batches = scenario.batches();
        // Part of the history before the dataflow starts, the rest after: hydration and live updates.
        int before = scenario.before().size();
        long[] times = scenario.times();
        long asOf = scenario.asOf();
        TableLog a = new TableLog(GlobalId.user(1), KV);
        TableLog b = new TableLog(GlobalId.user(2), KV);
        for (int i = 0; i < before; i++) {
            a.append(left.get(i), times[i]);
            b.append(right.get(i), times[i]);
        }
        CaptureBuffer oks = new CaptureBuffer(workers);
        CaptureBuffer errBuf = new CaptureBuffer(workers);
        try (ComputeRuntime rt = new ComputeRuntime("test", workers)) {
            rt.createDataflow(1, "df", builder -> {
                OutputPort srcA = builder.newOutput();
                builder.add(id -> new TableSource(id, a, Frontier.at(asOf), srcA, builder.worker(), builder.workers(), builder.waker()));
                OutputPort srcB = builder.newOutput();
                builder.add(id -> new TableSource(id, b, Frontier.at(asOf), srcB, builder.worker(), builder.workers(), builder.waker()));
                OutputPort mapped = builder.newOutput();
                OutputPort errs = builder.newOutput();
                InputPort aIn = builder.connect(srcA, null);
                builder.add(id -> new FlatMap(id, "Map", aIn, FN, mapped, errs));
                OutputPort negated = builder.newOutput();
                InputPort bIn = builder.connect(srcB, KeyHasher.columns(0));
                builder.add(id -> new Negate(id, bIn, negated));
                OutputPort unioned = builder.newOutput();
                List<InputPort> ins = List.of(builder.connect(mapped, KeyHasher.columns(0)), builder.connect(negated, null));
                builder.add(id -> new Union(id, ins, unioned));
                InputPort capIn = builder.connect(unioned, KeyHasher.WHOLE_ROW);
                builder.add(id -> new Capture(id, capIn, oks, builder.worker()));
                InputPort errIn = builder.connect(errs, null);
                builder.add(id -> new Capture(id, errIn, errBuf, builder.worker()));
            });
            for (int i = before; i < batches; i++) {
                a.append(left.get(i), times[i]);
                b.append(right.get(i), times[i]);
            }
            long end = scenario.end();
            a.advanceUpper(Frontier.after(end));
            b.advanceUpper(Frontier.after(end));
            List<Update> allA = scenario.all(0);
            List<Update> allB = scenario.all(1);
            for (long t = asOf; t <= end; t++) {
                Map<Row, Long> got = oks.awaitAt(t, 20, TimeUnit.SECONDS);
                assertNotNull(got, "output frontier never passed " + t + " (W=" + workers + ")");
                assertEquals(oracleOks(allA, allB, t), got, "oks at " + t + " W=" + workers);
                assertEquals(oracleErrs(allA, t), errBuf.awaitAt(t, 20, TimeUnit.SECONDS), "errs at " + t);
            }
            assertTrue(rt.failures().isEmpty(), () -> rt.failures().toString());
            // identical graphs on every worker
            List<DataflowStats> stats = rt.stats(1);
            for (DataflowStats s : stats) {
                assertEquals(stats.get(0), s);
            }
        }
    }

    private static Map<Row, Long> oracleOks(List<Update> a, List<Update> b, long t) {
        List<Update> out = new ArrayList<>();
        Consolidation.accumulate(a, t).forEach((row, n) -> FnOracle.apply(row, r -> out.add(new Update(r, t, n)), () -> {
        }));
        Consolidation.accumulate(b, t).forEach((row, n) -> out.add(new Update(row, t, -n)));
        return Consolidation.accumulate(out, t);
    }

    private static Map<Row, Long> oracleErrs(List<Update> a, long t) {
        List<Update> out = new ArrayList<>();
        Consolidation.accumulate(a, t).forEach((row, n) -> FnOracle.apply(row, r -> {
        }, () -> out.add(new Update(EvalErrors.toRow(new SpindleException(ErrorCode.DIVISION_BY_ZERO_0)), t, n))));
        return Consolidation.accumulate(out, t);
    }

    /** The oracle applies FN to accumulated rows, catching its errors. */
    static final class FnOracle {
        static void apply(Row row, java.util.function.Consumer<Row> ok, Runnable err) {
            try {
                FN.apply(row, ok);
            } catch (SpindleException e) {
                err.run();
            }
        }
    }
}
