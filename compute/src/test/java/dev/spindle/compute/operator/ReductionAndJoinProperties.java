package dev.spindle.compute.operator;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.dataflow.DataflowBuilder;
import dev.spindle.compute.dataflow.InputPort;
import dev.spindle.compute.dataflow.KeyHasher;
import dev.spindle.compute.dataflow.OutputPort;
import dev.spindle.compute.operator.arrange.Arrange;
import dev.spindle.compute.operator.arrange.ArrangementPort;
import dev.spindle.compute.operator.arrange.KeyFunction;
import dev.spindle.compute.operator.join.ArrangedJoin;
import dev.spindle.compute.operator.reduce.GroupAccumulate;
import dev.spindle.compute.operator.reduce.GroupFunction;
import dev.spindle.compute.operator.reduce.GroupFunctions;
import dev.spindle.compute.operator.reduce.GroupRecompute;
import dev.spindle.compute.plan.Aggregate;
import dev.spindle.compute.plan.AggregateFunc;
import dev.spindle.compute.plan.ColumnOrder;
import dev.spindle.compute.testing.DataflowHarness;
import dev.spindle.compute.testing.DataflowHarness.Expected;
import dev.spindle.compute.testing.DataflowHarness.Scenario;
import dev.spindle.compute.operator.arrange.SpineArrangement;
import dev.spindle.compute.testing.NaiveArrangement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.constraints.IntRange;

/**
 * Reduce (aggregates), distinct, threshold, top-k and join against from-scratch oracles at every
 * time, on generated inputs with retractions, split into generated batches, for W = 1, 2 and 4,
 * on the production spine and on the naive arrangement.
 */
class ReductionAndJoinProperties {
    static final RelationDesc KV = RelationDesc.of(
            new Column("k", ColumnType.of(TypeKind.BIGINT)),
            new Column("v", ColumnType.of(TypeKind.BIGINT)));

    /**
     * Small keys (NULL an eighth of the time) and small values (NULL a sixth of the time), with
     * the odd huge value (1 in 48) to overflow sums; both shrink towards NULL. Numbers mapped to
     * values, as injectNull and frequencyOf make a generator per value: several times slower.
     */
    static Arbitrary<Row> kv() {
        Arbitrary<Long> k = uniform(0, 31).map(x -> x < 4 ? null : (long) (x % 4));
        Arbitrary<Long> v = uniform(0, 239).map(x -> x < 40 ? null : x < 45 ? Long.MAX_VALUE / 2 + x % 3 : (long) (x % 6));
        return Combinators.combine(k, v).as((key, val) -> Row.of(key, val));
    }

    private static Arbitrary<Integer> uniform(int min, int max) {
        return Arbitraries.integers().between(min, max).withDistribution(RandomDistribution.uniform());
    }

    /** Up to 16 batches of up to 6 updates on one input. */
    @Provide
    Arbitrary<Scenario> oneInput() {
        return DataflowHarness.scenarios(1, kv(), 16, 6, 1);
    }

    /** Up to 16 batches of up to 6 updates on each of two inputs. */
    @Provide
    Arbitrary<Scenario> twoInputs() {
        return DataflowHarness.scenarios(2, kv(), 16, 6, 1);
    }

    /**
     * Whether the operators under test use the production spine or the naive arrangement; set
     * by {@link #check} before each run (properties of a class run one at a time).
     */
    static volatile boolean spine = true;

    static OutputPort arrange(DataflowBuilder b, OutputPort src, int[] key, ArrangementPort[] holder) {
        InputPort in = b.connect(src, KeyHasher.columns(key));
        OutputPort accepted = b.newOutput();
        ArrangementPort arr = spine ? new SpineArrangement() : new NaiveArrangement();
        holder[0] = arr;
        b.add(id -> new Arrange(id, "Arrange", in, KeyFunction.columns(key), arr, accepted, null));
        return accepted;
    }

    static OutputPort[] group(DataflowBuilder b, OutputPort src, int[] key, GroupFunction fn) {
        ArrangementPort[] arr = new ArrangementPort[1];
        OutputPort accepted = arrange(b, src, key, arr);
        ArrangementPort.Reader reader = arr[0].openReader();
        InputPort in = b.connect(accepted, null);
        OutputPort oks = b.newOutput();
        OutputPort errs = b.newOutput();
        b.add(id -> new GroupRecompute(id, "Reduce", in, KeyFunction.columns(key), reader, fn, oks, errs));
        return new OutputPort[] {oks, errs};
    }

    private static void check(Scenario scenario, int wExp, boolean naive, int inputs, DataflowHarness.Render render,
                              Function<List<Map<Row, Long>>, Expected> oracle) throws Exception {
        spine = !naive;
        List<RelationDesc> descs = new ArrayList<>();
        for (int i = 0; i < inputs; i++) {
            descs.add(KV);
        }
        DataflowHarness.check(1 << wExp, descs, scenario, render, oracle);
    }

    // ------------------------------------------------------------------ reduce

    static final List<Aggregate> AGGS = List.of(Aggregate.countRows(), Aggregate.of(AggregateFunc.COUNT, 1),
            Aggregate.of(AggregateFunc.SUM, 1), Aggregate.of(AggregateFunc.MIN, 1), Aggregate.of(AggregateFunc.MAX, 1),
            Aggregate.distinct(AggregateFunc.COUNT, 1));

    /** The output row of one group of (k, v) rows: its key, values, non-null values and their exact sum. */
    interface GroupRow {
        Row of(Row key, List<Long> values, List<Long> nonNull, java.math.BigInteger sum);
    }

    /**
     * The expected outputs of a GROUP BY k over (k, v) rows {@code in}: a group whose sum leaves
     * the bigint range is an error, any other is {@code row}'s row.
     */
    static Expected perGroup(Map<Row, Long> in, GroupRow row) {
        Map<Row, List<Long>> groups = new TreeMap<>();
        in.forEach((r, n) -> {
            for (long i = 0; i < n; i++) {
                groups.computeIfAbsent(r.project(0), k -> new ArrayList<>()).add((Long) r.get(1));
            }
        });
        Map<Row, Long> oks = new TreeMap<>();
        Map<Row, Long> errs = new TreeMap<>();
        groups.forEach((key, vs) -> {
            List<Long> nn = vs.stream().filter(x -> x != null).toList();
            java.math.BigInteger sum = nn.stream().map(java.math.BigInteger::valueOf)
                    .reduce(java.math.BigInteger.ZERO, java.math.BigInteger::add);
            if (sum.bitLength() > 63) {
                errs.merge(EvalErrors.toRow(new SpindleException(ErrorCode.NUMERIC_OUT_OF_RANGE_1, "bigint")), 1L, Long::sum);
            } else {
                oks.merge(row.of(key, vs, nn, sum), 1L, Long::sum);
            }
        });
        return new Expected(oks, errs);
    }

    @Property(tries = 30)
    void groupByAggregatesMatchRecomputation(@ForAll("oneInput") Scenario scenario, @ForAll @IntRange(min = 0, max = 2) int wExp,
                                             @ForAll boolean naive) throws Exception {
        check(scenario, wExp, naive, 1,
                (b, src) -> group(b, src.get(0), new int[] {0}, GroupFunctions.reduce("t", AGGS)),
                in -> perGroup(in.get(0), (key, vs, nn, sum) -> key.concat(Row.of((long) vs.size(), (long) nn.size(),
                        nn.isEmpty() ? null : sum.longValue(),
                        nn.stream().min(Comparator.naturalOrder()).orElse(null),
                        nn.stream().max(Comparator.naturalOrder()).orElse(null),
                        nn.stream().distinct().count()))));
    }

    static final List<Aggregate> ACCUMULABLE = List.of(Aggregate.countRows(), Aggregate.of(AggregateFunc.COUNT, 1),
            Aggregate.of(AggregateFunc.SUM, 1), Aggregate.of(AggregateFunc.AVG, 1));

    /**
     * The accumulating reduce ({@link GroupAccumulate}: running totals, no arrangement of its
     * input) gives COUNT(*), COUNT, SUM and AVG at every time as if each group were recomputed,
     * sums leaving the bigint range included (an error while out of range, a row again once back).
     */
    @Property(tries = 30)
    void accumulatedAggregatesMatchRecomputation(@ForAll("oneInput") Scenario scenario,
                                                 @ForAll @IntRange(min = 0, max = 2) int wExp) throws Exception {
        check(scenario, wExp, false, 1,
                (b, src) -> {
                    InputPort in = b.connect(src.get(0), KeyHasher.columns(0));
                    OutputPort oks = b.newOutput();
                    OutputPort errs = b.newOutput();
                    b.add(id -> new GroupAccumulate(id, "Reduce", in, KeyFunction.columns(0), "t", ACCUMULABLE, oks, errs));
                    return new OutputPort[] {oks, errs};
                },
                in -> perGroup(in.get(0), (key, vs, nn, sum) -> key.concat(Row.of((long) vs.size(), (long) nn.size(),
                        nn.isEmpty() ? null : sum.longValue(),
                        nn.isEmpty() ? null : new java.math.BigDecimal(sum)
                                .divide(java.math.BigDecimal.valueOf(nn.size()), 16, java.math.RoundingMode.HALF_UP)))));
    }

    @Property(tries = 20)
    void distinctKeepsOneCopyOfEachRow(@ForAll("oneInput") Scenario scenario, @ForAll @IntRange(min = 0, max = 2) int wExp,
                                       @ForAll boolean naive) throws Exception {
        check(scenario, wExp, naive, 1,
                (b, src) -> group(b, src.get(0), new int[] {0, 1}, GroupFunctions.distinct("t")),
                in -> {
                    Map<Row, Long> oks = new TreeMap<>();
                    in.get(0).keySet().forEach(r -> oks.put(r, 1L));
                    return new Expected(oks, Map.of());
                });
    }

    @Property(tries = 20)
    void thresholdOfDifferenceIsExceptAll(@ForAll("twoInputs") Scenario scenario, @ForAll @IntRange(min = 0, max = 2) int wExp,
                                          @ForAll boolean naive) throws Exception {
        check(scenario, wExp, naive, 2,
                (b, src) -> {
                    InputPort negIn = b.connect(src.get(1), null);
                    OutputPort neg = b.newOutput();
                    b.add(id -> new Negate(id, negIn, neg));
                    List<InputPort> ins = List.of(b.connect(src.get(0), null), b.connect(neg, null));
                    OutputPort diff = b.newOutput();
                    b.add(id -> new Union(id, ins, diff));
                    return group(b, diff, new int[] {0, 1}, GroupFunctions.threshold());
                },
                in -> {
                    Map<Row, Long> oks = new TreeMap<>();
                    in.get(0).forEach((r, n) -> {
                        long m = n - in.get(1).getOrDefault(r, 0L);
                        if (m > 0) {
                            oks.put(r, m);
                        }
                    });
                    return new Expected(oks, Map.of());
                });
    }

    @Property(tries = 20)
    void topKPerGroup(@ForAll("oneInput") Scenario scenario, @ForAll @IntRange(min = 0, max = 2) int wExp,
                      @ForAll boolean naive, @ForAll @IntRange(min = -1, max = 3) int limit,
                      @ForAll @IntRange(min = 0, max = 2) int offset) throws Exception {
        List<ColumnOrder> order = List.of(ColumnOrder.desc(1));
        check(scenario, wExp, naive, 1,
                (b, src) -> group(b, src.get(0), new int[] {0}, GroupFunctions.topK("t", order, limit, offset)),
                in -> {
                    Map<Row, List<Row>> groups = new TreeMap<>();
                    in.get(0).forEach((row, n) -> {
                        for (long i = 0; i < n; i++) {
                            groups.computeIfAbsent(row.project(0), k -> new ArrayList<>()).add(row);
                        }
                    });
                    Map<Row, Long> oks = new TreeMap<>();
                    groups.forEach((k, rows) -> {
                        // v descending, NULLs first; ties by whole row ascending
                        rows.sort(Comparator.<Row, Integer>comparing(r -> r.isNull(1) ? 0 : 1)
                                .thenComparing((Row r) -> r.isNull(1) ? 0L : -r.getLong(1))
                                .thenComparing(Comparator.naturalOrder()));
                        long end = limit < 0 ? rows.size() : Math.min(rows.size(), (long) offset + limit);
                        for (int i = offset; i < end; i++) {
                            oks.merge(rows.get(i), 1L, Long::sum);
                        }
                    });
                    return new Expected(oks, Map.of());
                });
    }

    // ------------------------------------------------------------------ join

    @Property(tries = 30)
    void equiJoinMatchesNestedLoops(@ForAll("twoInputs") Scenario scenario, @ForAll @IntRange(min = 0, max = 2) int wExp,
                                    @ForAll boolean naive) throws Exception {
        check(scenario, wExp, naive, 2,
                (b, src) -> {
                    int[] key = {0};
                    ArrangementPort[] l = new ArrangementPort[1];
                    ArrangementPort[] r = new ArrangementPort[1];
                    OutputPort la = arrange(b, src.get(0), key, l);
                    OutputPort ra = arrange(b, src.get(1), key, r);
                    ArrangementPort.Reader lr = l[0].openReader();
                    ArrangementPort.Reader rr = r[0].openReader();
                    InputPort lin = b.connect(la, null);
                    InputPort rin = b.connect(ra, null);
                    OutputPort out = b.newOutput();
                    b.add(id -> new ArrangedJoin(id, lin, KeyFunction.columns(key), lr, rin, KeyFunction.columns(key), rr, out));
                    OutputPort noErrs = b.newOutput();
                    b.add(id -> new ConstantSource(id, List.of(), dev.spindle.common.time.Frontier.MIN, noErrs, b.worker()));
                    return new OutputPort[] {out, noErrs};
                },
                in -> {
                    Map<Row, Long> oks = new HashMap<>();
                    in.get(0).forEach((a, n) -> in.get(1).forEach((c, m) -> {
                        if (!a.isNull(0) && a.project(0).equals(c.project(0))) {
                            oks.merge(a.concat(c), n * m, Long::sum);
                        }
                    }));
                    return new Expected(new TreeMap<>(oks), Map.of());
                });
    }
}
