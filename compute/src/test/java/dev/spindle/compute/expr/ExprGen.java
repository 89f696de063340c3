package dev.spindle.compute.expr;

import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.expr.func.BinaryFunc;
import dev.spindle.compute.expr.func.UnaryFunc;
import dev.spindle.compute.expr.func.VariadicFunc;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * jqwik generators of random BIGINT expression trees, predicates and MFPs over BIGINT columns.
 * They never fail on inputs from {@link #inputs}: values stay far below the BIGINT range
 * (multiplication only by small constants, at most a few levels of nesting) and divisors are
 * non-zero constants.
 */
final class ExprGen {
    static final ColumnType INT8 = ColumnType.of(TypeKind.BIGINT);

    private ExprGen() {
    }

    /** Rows of {@code arity} BIGINT values in [-1000, 1000] or NULL. */
    static Arbitrary<Object[]> inputs(int arity) {
        return Arbitraries.longs().between(-1000, 1000).injectNull(0.15).map(v -> (Object) v)
                .array(Object[].class).ofSize(arity);
    }

    /** Generators are immutable: built once per (kind, columns, depth). */
    private static final Map<String, Arbitrary<ScalarExpr>> CACHE = new ConcurrentHashMap<>();

    static Arbitrary<ScalarExpr> bigint(int columns, int depth) {
        String key = "bigint " + columns + " " + depth;
        Arbitrary<ScalarExpr> cached = CACHE.get(key);
        if (cached == null) {
            cached = buildBigint(columns, depth);
            CACHE.put(key, cached);
        }
        return cached;
    }

    static Arbitrary<ScalarExpr> bool(int columns, int depth) {
        String key = "bool " + columns + " " + depth;
        Arbitrary<ScalarExpr> cached = CACHE.get(key);
        if (cached == null) {
            cached = buildBool(columns, depth);
            CACHE.put(key, cached);
        }
        return cached;
    }

    private static Arbitrary<ScalarExpr> buildBigint(int columns, int depth) {
        Arbitrary<ScalarExpr> leaf = Arbitraries.oneOf(
                Arbitraries.integers().between(0, columns - 1).map(i -> ScalarExpr.column(i, INT8)),
                Arbitraries.longs().between(-20, 20).map(v -> ScalarExpr.literal(v, INT8)),
                Arbitraries.just(Literal.nullOf(INT8)));
        if (depth == 0) {
            return leaf;
        }
        Arbitrary<ScalarExpr> sub = Arbitraries.lazy(() -> bigint(columns, depth - 1));
        Arbitrary<ScalarExpr> nonZero = Arbitraries.longs().between(-7, 7).filter(v -> v != 0)
                .map(v -> ScalarExpr.literal(v, INT8));
        Arbitrary<ScalarExpr> small = Arbitraries.longs().between(-2, 2).map(v -> ScalarExpr.literal(v, INT8));
        return Arbitraries.frequencyOf(
                Tuple.of(4, leaf),
                Tuple.of(2, Combinators.combine(sub, sub).as((a, b) -> ScalarExpr.call(BinaryFunc.ADD, a, b))),
                Tuple.of(1, Combinators.combine(sub, sub).as((a, b) -> ScalarExpr.call(BinaryFunc.SUB, a, b))),
                Tuple.of(1, Combinators.combine(sub, small).as((a, b) -> ScalarExpr.call(BinaryFunc.MUL, a, b))),
                Tuple.of(1, Combinators.combine(sub, nonZero).as((a, b) -> ScalarExpr.call(BinaryFunc.DIV, a, b))),
                Tuple.of(1, Combinators.combine(sub, nonZero).as((a, b) -> ScalarExpr.call(BinaryFunc.MOD, a, b))),
                Tuple.of(1, sub.map(a -> ScalarExpr.call(UnaryFunc.NEG, a))),
                Tuple.of(1, Combinators.combine(bool(columns, depth - 1), sub, sub).as(ScalarExpr::ifThen)),
                Tuple.of(1, Combinators.combine(sub, sub).as((a, b) -> ScalarExpr.call(VariadicFunc.COALESCE, a, b))),
                Tuple.of(1, Combinators.combine(sub, sub).as((a, b) -> ScalarExpr.call(BinaryFunc.NULLIF, a, b))),
                Tuple.of(1, Combinators.combine(sub, sub).as((a, b) -> ScalarExpr.call(VariadicFunc.GREATEST, a, b))));
    }

    private static Arbitrary<ScalarExpr> buildBool(int columns, int depth) {
        Arbitrary<ScalarExpr> operand = bigint(columns, Math.min(depth, 1));
        Arbitrary<ScalarExpr> leaf = Arbitraries.oneOf(
                Combinators.combine(Arbitraries.of(BinaryFunc.EQ, BinaryFunc.NE, BinaryFunc.LT, BinaryFunc.LE,
                        BinaryFunc.GT, BinaryFunc.GE, BinaryFunc.IS_DISTINCT_FROM), operand, operand)
                        .as(ScalarExpr::call),
                operand.map(ScalarExpr::isNull),
                Arbitraries.of(true, false).map(Literal::ofBoolean),
                Arbitraries.just(Literal.nullOf(ColumnType.of(TypeKind.BOOLEAN))));
        if (depth == 0) {
            return leaf;
        }
        Arbitrary<ScalarExpr> sub = Arbitraries.lazy(() -> bool(columns, depth - 1));
        return Arbitraries.frequencyOf(
                Tuple.of(3, leaf),
                Tuple.of(1, Combinators.combine(sub, sub).as((a, b) -> ScalarExpr.and(a, b))),
                Tuple.of(1, Combinators.combine(sub, sub).as((a, b) -> ScalarExpr.or(a, b))),
                Tuple.of(1, sub.map(ScalarExpr::not)));
    }

    /** MFPs over {@code inputArity} BIGINT columns, with 0..3 expressions, 0..2 predicates, 1..4 outputs. */
    static Arbitrary<Mfp> mfps(int inputArity) {
        return Arbitraries.integers().between(0, 3).flatMap(n -> {
            List<Arbitrary<ScalarExpr>> each = new ArrayList<>();
            for (int j = 0; j < n; j++) {
                each.add(bigint(inputArity + j, 3));
            }
            Arbitrary<List<ScalarExpr>> exprs = n == 0 ? Arbitraries.just(List.of()) : Combinators.combine(each).as(l -> l);
            Arbitrary<List<ScalarExpr>> preds = bool(inputArity + n, 2).list().ofMaxSize(2);
            Arbitrary<int[]> projection = Arbitraries.integers().between(0, inputArity + n - 1).list().ofMinSize(1).ofMaxSize(4)
                    .map(l -> l.stream().mapToInt(Integer::intValue).toArray());
            return Combinators.combine(exprs, preds, projection).as((e, p, pr) -> new Mfp(inputArity, e, p, pr));
        });
    }
}
