package dev.spindle.planner.lower;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.update.Update;
import dev.spindle.compute.expr.Cast;
import dev.spindle.compute.expr.Mfp;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.plan.Aggregate;
import dev.spindle.compute.plan.AggregateFunc;
import dev.spindle.compute.plan.ColumnOrder;
import dev.spindle.compute.plan.Plan;
import dev.spindle.compute.plan.RowSetFinishing;
import dev.spindle.planner.calcite.RelationTable;
import dev.spindle.planner.calcite.Types;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.Aggregate.Group;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Intersect;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.Minus;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Calcite's relational expressions to compute's {@link Plan}s (DESIGN §2): scans become
 * {@code Get}s of tables or of views (whose own plans are lowered once and collected, inputs
 * first), projections and filters become map/filter/projects, joins become equi-joins (outer
 * joins add the unmatched rows of a side through a negation and a threshold), aggregates become
 * reductions (a global aggregate also yields its row over no input), set operations become
 * unions, negations, thresholds and distincts, and a nested sort with a limit becomes a top-k.
 * What has no lowering fails with {@code FEATURE_NOT_SUPPORTED} naming the feature.
 *
 * <p>Thread-safety: not thread-safe; one per statement.
 */
public final class RelLowering {
    /** Lowers a view's stored query (so views can read views). */
    @FunctionalInterface
    public interface ViewSource {
        /** The relational expression of view {@code view}'s query. */
        RelRoot relOf(CatalogItem.View view);
    }

    /** A lowered relational expression: its plan and its output columns' types. */
    public record Lowered(Plan plan, List<ColumnType> types) {
        public Lowered {
            types = List.copyOf(types);
        }

        int arity() {
            return types.size();
        }
    }

    /** A lowered query: the plan of its rows and the finishing that orders, limits and projects them. */
    public record Query(Lowered body, RowSetFinishing finishing, List<ColumnType> outputTypes) {
    }

    private final Catalog catalog;
    private final RexBuilder rexBuilder;
    private final ViewSource views;
    private final ParameterSlots parameters;
    private final Set<GlobalId> tables = new LinkedHashSet<>();
    private final Map<GlobalId, Lowered> viewPlans = new LinkedHashMap<>();
    private final Set<GlobalId> viewsInProgress = new LinkedHashSet<>();

    public RelLowering(Catalog catalog, RexBuilder rexBuilder, ViewSource views) {
        this(catalog, rexBuilder, views, null);
    }

    /**
     * A lowering that lowers the query's {@code ?} parameters to {@code parameters}' placeholders
     * (null: a parameter is refused, as every other unlowerable expression).
     */
    public RelLowering(Catalog catalog, RexBuilder rexBuilder, ViewSource views, ParameterSlots parameters) {
        this.catalog = catalog;
        this.rexBuilder = rexBuilder;
        this.views = views;
        this.parameters = parameters;
    }

    private RexLowering rex(List<ColumnType> input) {
        return new RexLowering(rexBuilder, input, parameters);
    }

    /** The tables the lowered plans read, in first-use order. */
    public Set<GlobalId> tables() {
        return Set.copyOf(tables);
    }

    /** The views the lowered plans read, each after the views it reads. */
    public Map<GlobalId, Lowered> views() {
        return new LinkedHashMap<>(viewPlans);
    }

    /** Lowers a query's root: a top-level sort and the root's field list become the finishing. */
    public Query lowerQuery(RelRoot root) {
        RelNode rel = root.rel;
        List<ColumnOrder> order = List.of();
        long limit = -1;
        long offset = 0;
        if (rel instanceof Sort) {
            Sort sort = (Sort) rel;
            order = orders(sort.getCollation());
            limit = sort.fetch == null ? -1 : literalLong(sort.fetch, "LIMIT");
            offset = sort.offset == null ? 0 : literalLong(sort.offset, "OFFSET");
            rel = sort.getInput();
        }
        Lowered body = lower(rel);
        int[] projection = new int[root.fields.size()];
        boolean identity = projection.length == body.arity();
        List<ColumnType> out = new ArrayList<>();
        for (int i = 0; i < projection.length; i++) {
            projection[i] = root.fields.get(i).getKey();
            identity &= projection[i] == i;
            out.add(body.types().get(projection[i]));
        }
        return new Query(body, new RowSetFinishing(order, limit, offset, identity ? null : projection), out);
    }

    /** The plan of {@code rel}. */
    public Lowered lower(RelNode rel) {
        if (rel instanceof TableScan) {
            return scan((TableScan) rel);
        }
        if (rel instanceof Project) {
            return project((Project) rel);
        }
        if (rel instanceof Filter) {
            return filter((Filter) rel);
        }
        if (rel instanceof Values) {
            return values((Values) rel);
        }
        if (rel instanceof Join) {
            return join((Join) rel);
        }
        if (rel instanceof org.apache.calcite.rel.core.Aggregate) {
            return aggregate((org.apache.calcite.rel.core.Aggregate) rel);
        }
        if (rel instanceof Sort) {
            return sort((Sort) rel);
        }
        if (rel instanceof Union) {
            return union((Union) rel);
        }
        if (rel instanceof Minus) {
            return minus((Minus) rel);
        }
        if (rel instanceof Intersect) {
            return intersect((Intersect) rel);
        }
        if (rel instanceof Correlate) {
            throw RexLowering.unsupported("correlated subqueries that cannot be decorrelated");
        }
        if (rel instanceof Window) {
            throw RexLowering.unsupported("window functions");
        }
        throw RexLowering.unsupported("relational operator " + rel.getRelTypeName());
    }

    private static List<ColumnType> typesOf(RelNode rel) {
        List<ColumnType> out = new ArrayList<>();
        for (var f : rel.getRowType().getFieldList()) {
            out.add(Types.fromCalcite(f.getType()));
        }
        return out;
    }

    // ------------------------------------------------------------------ scans and views

    private Lowered scan(TableScan scan) {
        RelationTable t = scan.getTable().unwrap(RelationTable.class);
        if (t == null) {
            throw RexLowering.unsupported("scans of " + scan.getTable().getQualifiedName());
        }
        CatalogItem item = catalog.get(t.id()).orElseThrow(() -> new IllegalStateException("no catalog item " + t.id()));
        if (item instanceof CatalogItem.View) {
            Lowered view = view((CatalogItem.View) item);
            return new Lowered(new Plan.Get(item.id()), view.types());
        }
        tables.add(item.id());
        return new Lowered(new Plan.Get(item.id()), typesOf(scan));
    }

    private Lowered view(CatalogItem.View v) {
        Lowered done = viewPlans.get(v.id());
        if (done != null) {
            return done;
        }
        if (!viewsInProgress.add(v.id())) {
            throw new IllegalStateException("view " + v.name() + " reads itself");
        }
        RelRoot root = views.relOf(v);
        Query q = lowerQuery(root);
        Lowered body = q.body();
        if (!q.finishing().isIdentity()) {
            // a view's ORDER BY means nothing; its LIMIT and projection are part of its rows
            Plan p = body.plan();
            RowSetFinishing f = q.finishing();
            if (f.limit() >= 0 || f.offset() > 0) {
                p = new Plan.TopK(p, new int[0], f.order(), f.limit(), f.offset());
            }
            if (f.projection() != null) {
                p = new Plan.MapFilterProject(p, Mfp.identity(body.arity()).project(f.projection()));
            }
            body = new Lowered(p, q.outputTypes());
        }
        viewsInProgress.remove(v.id());
        viewPlans.put(v.id(), body);
        return body;
    }

    // ------------------------------------------------------------------ map, filter, project

    private Lowered project(Project p) {
        Lowered in = lower(p.getInput());
        RexLowering rex = rex(in.types());
        List<ScalarExpr> exprs = new ArrayList<>();
        int[] projection = new int[p.getProjects().size()];
        List<ColumnType> out = new ArrayList<>();
        for (int i = 0; i < projection.length; i++) {
            RexNode e = p.getProjects().get(i);
            if (e instanceof RexInputRef) {
                projection[i] = ((RexInputRef) e).getIndex();
                out.add(in.types().get(projection[i]));
            } else {
                ScalarExpr s = rex.lower(e);
                projection[i] = in.arity() + exprs.size();
                exprs.add(s);
                out.add(s.type());
            }
        }
        Mfp mfp = new Mfp(in.arity(), exprs, List.of(), projection);
        return new Lowered(mfp.isIdentity() ? in.plan() : new Plan.MapFilterProject(in.plan(), mfp), out);
    }

    private Lowered filter(Filter f) {
        Lowered in = lower(f.getInput());
        ScalarExpr pred = rex(in.types()).lower(f.getCondition());
        return new Lowered(new Plan.MapFilterProject(in.plan(), Mfp.identity(in.arity()).filter(List.of(pred))), in.types());
    }

    private Lowered values(Values v) {
        List<ColumnType> types = typesOf(v);
        List<Update> rows = new ArrayList<>();
        for (List<RexLiteral> tuple : v.getTuples()) {
            Object[] vals = new Object[tuple.size()];
            for (int i = 0; i < vals.length; i++) {
                ScalarExpr lit = rex(List.of()).lower(tuple.get(i));
                ScalarExpr typed = lit.type().kind() == types.get(i).kind() ? lit : new Cast(lit, types.get(i), true);
                vals[i] = typed.eval(new Object[0]);
            }
            rows.add(Update.insert(Row.of(vals), 0));
        }
        return new Lowered(new Plan.Constant(rows, types.size()), types);
    }

    // ------------------------------------------------------------------ joins

    private Lowered join(Join j) {
        Lowered left = lower(j.getLeft());
        Lowered right = lower(j.getRight());
        JoinInfo info = j.analyzeCondition();
        List<ColumnType> both = new ArrayList<>(left.types());
        both.addAll(right.types());
        Plan matched = new Plan.Join(left.plan(), right.plan(), info.leftKeys.toIntArray(), info.rightKeys.toIntArray());
        RexNode residual = info.getRemaining(rexBuilder);
        if (!residual.isAlwaysTrue()) {
            ScalarExpr pred = rex(both).lower(residual);
            matched = new Plan.MapFilterProject(matched, Mfp.identity(both.size()).filter(List.of(pred)));
        }
        List<ColumnType> outTypes = typesOf(j);
        switch (j.getJoinType()) {
            case INNER:
                return new Lowered(matched, outTypes);
            case LEFT:
                return new Lowered(new Plan.Union(List.of(matched, unmatched(left, matched, 0, right.arity(), outTypes, true))), outTypes);
            case RIGHT:
                return new Lowered(new Plan.Union(List.of(matched,
                        unmatched(right, matched, left.arity(), left.arity(), outTypes, false))), outTypes);
            case FULL:
                return new Lowered(new Plan.Union(List.of(matched,
                        unmatched(left, matched, 0, right.arity(), outTypes, true),
                        unmatched(right, matched, left.arity(), left.arity(), outTypes, false))), outTypes);
            case SEMI: {
                // each left row once if it has a match: left minus its unmatched rows
                Plan unmatchedRows = unmatchedRows(left, matched, 0, both.size());
                return new Lowered(new Plan.Union(List.of(left.plan(), new Plan.Negate(unmatchedRows))), left.types());
            }
            case ANTI:
                return new Lowered(unmatchedRows(left, matched, 0, both.size()), left.types());
            default:
                throw RexLowering.unsupported(j.getJoinType() + " joins");
        }
    }

    /**
     * The rows of {@code side} that match nothing, each with its own multiplicity: {@code side}
     * minus the matched pairs (of arity {@code pairArity}) projected onto it, thresholded (a row
     * with {@code m} copies matched {@code k >= 1} times appears {@code m * k >= m} times among
     * the pairs).
     */
    private static Plan unmatchedRows(Lowered side, Plan matched, int offset, int pairArity) {
        int[] cols = new int[side.arity()];
        for (int i = 0; i < cols.length; i++) {
            cols[i] = offset + i;
        }
        Plan projected = new Plan.MapFilterProject(matched, Mfp.identity(pairArity).project(cols));
        return new Plan.Threshold(new Plan.Union(List.of(side.plan(), new Plan.Negate(projected))));
    }

    /** The unmatched rows of one side padded with NULLs for the other side's columns. */
    private static Plan unmatched(Lowered side, Plan matched, int offset, int otherArity, List<ColumnType> outTypes,
                                  boolean sideIsLeft) {
        Plan rows = unmatchedRows(side, matched, offset, side.arity() + otherArity);
        List<ScalarExpr> nulls = new ArrayList<>();
        int[] projection = new int[side.arity() + otherArity];
        for (int i = 0; i < otherArity; i++) {
            int outColumn = sideIsLeft ? side.arity() + i : i;
            nulls.add(ScalarExpr.literal(null, outTypes.get(outColumn).withNullable(true)));
        }
        for (int i = 0; i < projection.length; i++) {
            if (sideIsLeft) {
                projection[i] = i < side.arity() ? i : side.arity() + (i - side.arity());
            } else {
                projection[i] = i < otherArity ? side.arity() + i : i - otherArity;
            }
        }
        return new Plan.MapFilterProject(rows, new Mfp(side.arity(), nulls, List.of(), projection));
    }

    // ------------------------------------------------------------------ aggregates

    private Lowered aggregate(org.apache.calcite.rel.core.Aggregate a) {
        if (a.getGroupType() != Group.SIMPLE) {
            throw RexLowering.unsupported("GROUPING SETS, ROLLUP and CUBE");
        }
        Lowered in = lower(a.getInput());
        ImmutableBitSet groups = a.getGroupSet();
        // SUM of a BIGINT column sums it as NUMERIC (PostgreSQL): the column, cast, is appended
        List<ScalarExpr> widened = new ArrayList<>();
        Map<Integer, Integer> widenedColumn = new LinkedHashMap<>();
        List<Aggregate> aggs = new ArrayList<>();
        List<Integer> sum0 = new ArrayList<>();
        Map<Integer, RexLiteral> literals = new LinkedHashMap<>();
        Map<Integer, Integer> sumScales = new LinkedHashMap<>();
        boolean exactSums = true; // every SUM and AVG argument an integer or a decimal (not a float)
        for (AggregateCall call : a.getAggCallList()) {
            if (call.filterArg >= 0) {
                throw RexLowering.unsupported("aggregate FILTER clauses");
            }
            List<Integer> args = call.getArgList();
            String name = call.getAggregation().getName().toUpperCase(java.util.Locale.ROOT);
            AggregateFunc f;
            switch (call.getAggregation().getKind()) {
                case LITERAL_AGG:
                    // a constant for every group (subquery rewrites mark matches with it)
                    literals.put(groups.cardinality() + aggs.size(), (RexLiteral) call.rexList.get(0));
                    aggs.add(Aggregate.countRows());
                    continue;
                case COUNT:
                    if (args.isEmpty()) {
                        aggs.add(Aggregate.countRows());
                        continue;
                    }
                    if (args.size() > 1) {
                        throw RexLowering.unsupported("COUNT of several expressions");
                    }
                    f = AggregateFunc.COUNT;
                    break;
                case SUM:
                    f = AggregateFunc.SUM;
                    break;
                case SUM0:
                    f = AggregateFunc.SUM;
                    sum0.add(groups.cardinality() + aggs.size());
                    break;
                case MIN:
                    f = AggregateFunc.MIN;
                    break;
                case MAX:
                    f = AggregateFunc.MAX;
                    break;
                case AVG:
                    f = AggregateFunc.AVG;
                    break;
                default:
                    throw RexLowering.unsupported("aggregate function " + name);
            }
            int arg = args.get(0);
            if (f == AggregateFunc.SUM || f == AggregateFunc.AVG) {
                dev.spindle.common.type.TypeKind kind = in.types().get(arg).kind();
                exactSums &= kind.isInteger() || kind == dev.spindle.common.type.TypeKind.DECIMAL;
            }
            if (f == AggregateFunc.SUM && in.types().get(arg).displayScale() > 0) {
                sumScales.put(groups.cardinality() + aggs.size(), in.types().get(arg).displayScale());
            }
            if (f == AggregateFunc.SUM && in.types().get(arg).kind() == dev.spindle.common.type.TypeKind.BIGINT) {
                Integer at = widenedColumn.get(arg);
                if (at == null) {
                    ColumnType have = in.types().get(arg);
                    at = in.types().size() + widened.size();
                    widened.add(new Cast(ScalarExpr.column(arg, have),
                            ColumnType.of(dev.spindle.common.type.TypeKind.DECIMAL).withNullable(have.nullable()), false));
                    widenedColumn.put(arg, at);
                }
                arg = at;
            }
            aggs.add(call.isDistinct() ? Aggregate.distinct(f, arg) : Aggregate.of(f, arg));
        }
        List<ColumnType> outTypes = new ArrayList<>(typesOf(a));
        // a sum of decimals shows their scale, as PostgreSQL's does (1.50 + 2.25 = 3.75, 1.50 + 1.50 = 3.00)
        for (Map.Entry<Integer, Integer> e : sumScales.entrySet()) {
            outTypes.set(e.getKey(), ColumnType.numeric(e.getValue()).withNullable(outTypes.get(e.getKey()).nullable()));
        }
        // The reduction reads only its keys and arguments: project its input onto them (keys first),
        // so that it consolidates, sorts and arranges narrow records, not whole rows of its input.
        int arity = in.types().size();
        int[] groupKey = groups.toArray();
        Map<Integer, Integer> used = new LinkedHashMap<>();
        for (int k : groupKey) {
            used.putIfAbsent(k, used.size());
        }
        for (Aggregate agg : aggs) {
            if (agg.column() >= 0) {
                used.putIfAbsent(agg.column(), used.size());
            }
        }
        Plan input = in.plan();
        boolean narrows = used.size() < arity + widened.size();
        int[] keep = new int[used.size()];
        for (Map.Entry<Integer, Integer> e : used.entrySet()) {
            keep[e.getValue()] = e.getKey();
        }
        if (!widened.isEmpty() || narrows) {
            input = new Plan.MapFilterProject(input, new Mfp(arity, widened, List.of(), keep));
            int[] key = new int[groupKey.length];
            for (int i = 0; i < key.length; i++) {
                key[i] = used.get(groupKey[i]);
            }
            groupKey = key;
            List<Aggregate> remapped = new ArrayList<>(aggs.size());
            for (Aggregate agg : aggs) {
                remapped.add(agg.column() < 0 ? agg : new Aggregate(agg.func(), used.get(agg.column()), agg.distinct()));
            }
            aggs = remapped;
        }
        Plan reduce = new Plan.Reduce(input, groupKey, aggs, exactSums);
        if (!sum0.isEmpty()) {
            reduce = coalesceZero(reduce, outTypes, sum0);
        }
        if (!literals.isEmpty()) {
            List<ScalarExpr> exprs = new ArrayList<>();
            int[] projection = new int[outTypes.size()];
            for (int i = 0; i < projection.length; i++) {
                RexLiteral lit = literals.get(i);
                if (lit == null) {
                    projection[i] = i;
                } else {
                    projection[i] = outTypes.size() + exprs.size();
                    exprs.add(rex(List.of()).lower(lit));
                }
            }
            reduce = new Plan.MapFilterProject(reduce, new Mfp(outTypes.size(), exprs, List.of(), projection));
        }
        if (groups.isEmpty()) {
            reduce = withDefaultRow(reduce, aggs, outTypes);
        }
        return new Lowered(reduce, outTypes);
    }

    /** SUM0 columns: COALESCE(sum, 0). */
    private static Plan coalesceZero(Plan reduce, List<ColumnType> types, List<Integer> columns) {
        List<ScalarExpr> exprs = new ArrayList<>();
        int[] projection = new int[types.size()];
        for (int i = 0; i < projection.length; i++) {
            projection[i] = i;
        }
        for (int c : columns) {
            ColumnType t = types.get(c);
            ScalarExpr zero = ScalarExpr.literal(t.kind().isInteger() ? (Object) 0L : BigDecimal.ZERO, t.withNullable(false));
            if (!t.kind().isInteger() && t.kind() != dev.spindle.common.type.TypeKind.DECIMAL) {
                zero = new Cast(ScalarExpr.literal(0L, ColumnType.of(dev.spindle.common.type.TypeKind.BIGINT).withNullable(false)),
                        t.withNullable(false), true);
            }
            projection[c] = types.size() + exprs.size();
            exprs.add(ScalarExpr.call(dev.spindle.compute.expr.func.VariadicFunc.COALESCE,
                    ScalarExpr.column(c, t.withNullable(true)), zero));
        }
        return new Plan.MapFilterProject(reduce, new Mfp(types.size(), exprs, List.of(), projection));
    }

    /**
     * A global aggregate has one row even over no input (counts 0, the rest NULL): the reduction,
     * plus that default row, minus the default row once for the reduction's row if it has one.
     */
    private static Plan withDefaultRow(Plan reduce, List<Aggregate> aggs, List<ColumnType> types) {
        Object[] defaults = new Object[aggs.size()];
        List<ScalarExpr> exprs = new ArrayList<>();
        int[] projection = new int[aggs.size()];
        for (int i = 0; i < defaults.length; i++) {
            AggregateFunc f = aggs.get(i).func();
            boolean count = f == AggregateFunc.COUNT || f == AggregateFunc.COUNT_ROWS;
            defaults[i] = count ? 0L : null;
            exprs.add(ScalarExpr.literal(defaults[i], types.get(i).withNullable(!count)));
            projection[i] = aggs.size() + i;
        }
        Plan defaultRow = new Plan.Constant(List.of(Update.insert(Row.of(defaults), 0)), aggs.size());
        Plan asDefault = new Plan.MapFilterProject(reduce, new Mfp(aggs.size(), exprs, List.of(), projection));
        return new Plan.Union(List.of(reduce, defaultRow, new Plan.Negate(asDefault)));
    }

    // ------------------------------------------------------------------ sorts and set operations

    private Lowered sort(Sort s) {
        Lowered in = lower(s.getInput());
        if (s.fetch == null && s.offset == null) {
            return in; // order inside a query means nothing
        }
        long limit = s.fetch == null ? -1 : literalLong(s.fetch, "LIMIT");
        long offset = s.offset == null ? 0 : literalLong(s.offset, "OFFSET");
        return new Lowered(new Plan.TopK(in.plan(), new int[0], orders(s.getCollation()), limit, offset), in.types());
    }

    private static long literalLong(RexNode n, String what) {
        if (!(n instanceof RexLiteral)) {
            throw RexLowering.unsupported(what + " with a non-constant value");
        }
        return ((RexLiteral) n).getValueAs(BigDecimal.class).longValueExact();
    }

    static List<ColumnOrder> orders(RelCollation collation) {
        List<ColumnOrder> out = new ArrayList<>();
        for (RelFieldCollation fc : collation.getFieldCollations()) {
            boolean desc = fc.getDirection().isDescending();
            boolean nullsFirst;
            switch (fc.nullDirection) {
                case FIRST:
                    nullsFirst = true;
                    break;
                case LAST:
                    nullsFirst = false;
                    break;
                default:
                    nullsFirst = desc; // NULLs sort high, as in PostgreSQL
            }
            out.add(new ColumnOrder(fc.getFieldIndex(), desc, nullsFirst));
        }
        return out;
    }

    private List<Lowered> inputs(RelNode rel) {
        List<Lowered> out = new ArrayList<>();
        for (RelNode i : rel.getInputs()) {
            out.add(lower(i));
        }
        return out;
    }

    /** Inputs whose column types differ from the output's are cast to it. */
    private List<Plan> aligned(List<Lowered> ins, List<ColumnType> out) {
        List<Plan> plans = new ArrayList<>();
        for (Lowered in : ins) {
            List<ScalarExpr> casts = new ArrayList<>();
            int[] projection = new int[out.size()];
            for (int c = 0; c < out.size(); c++) {
                ColumnType have = in.types().get(c);
                ColumnType want = out.get(c);
                boolean same = have.kind() == want.kind() || (have.kind().isInteger() && want.kind().isInteger());
                if (same) {
                    projection[c] = c;
                } else {
                    projection[c] = out.size() + casts.size();
                    casts.add(new Cast(ScalarExpr.column(c, have), want.withNullable(have.nullable()), true));
                }
            }
            plans.add(casts.isEmpty() ? in.plan() : new Plan.MapFilterProject(in.plan(), new Mfp(out.size(), casts, List.of(), projection)));
        }
        return plans;
    }

    private Lowered union(Union u) {
        List<ColumnType> types = typesOf(u);
        Plan all = new Plan.Union(aligned(inputs(u), types));
        return new Lowered(u.all ? all : new Plan.Distinct(all), types);
    }

    private Lowered minus(Minus m) {
        List<ColumnType> types = typesOf(m);
        List<Plan> ins = aligned(inputs(m), types);
        List<Plan> parts = new ArrayList<>();
        parts.add(m.all ? ins.get(0) : new Plan.Distinct(ins.get(0)));
        for (int i = 1; i < ins.size(); i++) {
            parts.add(new Plan.Negate(m.all ? ins.get(i) : new Plan.Distinct(ins.get(i))));
        }
        return new Lowered(new Plan.Threshold(new Plan.Union(parts)), types);
    }

    private Lowered intersect(Intersect x) {
        List<ColumnType> types = typesOf(x);
        List<Plan> ins = aligned(inputs(x), types);
        // min(a, b) = a - max(0, a - b), folded over the inputs
        Plan acc = x.all ? ins.get(0) : new Plan.Distinct(ins.get(0));
        for (int i = 1; i < ins.size(); i++) {
            Plan b = x.all ? ins.get(i) : new Plan.Distinct(ins.get(i));
            Plan excess = new Plan.Threshold(new Plan.Union(List.of(acc, new Plan.Negate(b))));
            acc = new Plan.Union(List.of(acc, new Plan.Negate(excess)));
        }
        return new Lowered(acc, types);
    }
}
