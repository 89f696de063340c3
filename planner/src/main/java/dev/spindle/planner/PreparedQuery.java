package dev.spindle.planner;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.type.ColumnType;
import dev.spindle.planner.calcite.Types;
import dev.spindle.planner.peek.PeekPlan;
import dev.spindle.planner.peek.PreparedLookup;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.TimeString;
import org.apache.calcite.util.TimestampString;

/**
 * A query with {@code ?} parameters that Calcite has planned once (parsed, validated, converted,
 * decorrelated, simplified: the milliseconds of planning). Each execution {@link #bind}s values:
 * the parameters become literals in the relational plan, which is lowered and given its path —
 * so {@code k = ?} on an index key is a point lookup like {@code k = 5} — in microseconds, with no
 * Calcite validation or rule runs. A point lookup is also lowered once with its parameters left
 * symbolic ({@link #lookup}), so that an execution only evaluates its key.
 *
 * <p>Thread-safety: immutable after construction but for the lookup, made once under a lock;
 * {@link #bind} may run on any thread, one call at a time per Calcite plan (it builds relational
 * nodes in the plan's cluster, as making the lookup does, under the same lock, which the queries
 * {@link #over} other snapshots share).
 */
public final class PreparedQuery {
    private final QueryPlanner planner;
    private final RelRoot root;
    private final List<RelDataType> calciteTypes;
    private final List<ColumnType> parameterTypes;
    private final RexBuilder rexBuilder;

    /**
     * Guards {@link #bind} and the making of {@link #lookup}, which build relational nodes in
     * {@link #root}'s cluster: shared by every query {@link #over} the same Calcite plan.
     */
    private final Object lock;

    PreparedQuery(QueryPlanner planner, RelRoot root, List<RelDataType> parameterTypes, RexBuilder rexBuilder) {
        this.planner = planner;
        this.root = root;
        this.calciteTypes = List.copyOf(parameterTypes);
        List<ColumnType> types = new ArrayList<>();
        for (RelDataType t : parameterTypes) {
            types.add(Types.fromCalcite(t));
        }
        this.parameterTypes = List.copyOf(types);
        this.rexBuilder = rexBuilder;
        this.lock = new Object();
    }

    private PreparedQuery(PreparedQuery planned, QueryPlanner planner) {
        this.planner = planner;
        this.root = planned.root;
        this.calciteTypes = planned.calciteTypes;
        this.parameterTypes = planned.parameterTypes;
        this.rexBuilder = planned.rexBuilder;
        this.lock = planned.lock;
    }

    /**
     * This query's Calcite plan, lowered from now on over {@code planner}'s catalog snapshot: for
     * a snapshot that differs from the one it was planned over in its indexes alone
     * ({@link dev.spindle.planner.catalog.Catalog#sameRelations}), where Calcite would make the
     * same plan again and only the lowering (which index a lookup reads, whether there is one)
     * may change. Costs no Calcite work; the lookup is made again on first use.
     */
    public PreparedQuery over(QueryPlanner planner) {
        return new PreparedQuery(this, planner);
    }

    /** Whether {@link #lookup} has been made; guarded by {@link #lock}. */
    private boolean lookupMade;
    private volatile PreparedLookup lookup;

    /**
     * The query's point lookup with its parameters symbolic, lowered once (on the first call) and
     * bound per execution by {@link PreparedLookup#bind}; null where the query is not lowered that
     * way and each execution {@link #bind}s and lowers: a plan that is not a point lookup (a scan,
     * a join, an aggregate: anything on the slow path), a key not bound by parameters and
     * constants alone (such as {@code k = ? + 1}), a parameter the lowering needs the value of
     * ({@code LIMIT ?}, a rounding's digits), a parameter of type CHAR.
     */
    public PreparedLookup lookup() {
        PreparedLookup l = lookup;
        if (l != null) {
            return l;
        }
        synchronized (lock) {
            if (!lookupMade) {
                lookup = planner.prepareLookup(root, rexBuilder, parameterTypes);
                lookupMade = true;
            }
            return lookup;
        }
    }

    /** The parameters' types, as Calcite inferred them from where each {@code ?} stands. */
    public List<ColumnType> parameterTypes() {
        return parameterTypes;
    }

    /**
     * The plan with {@code values} bound, each already of its parameter's type (Spindle's value
     * representation; null for NULL).
     */
    public PeekPlan bind(List<Object> values) {
        if (values.size() != calciteTypes.size()) {
            throw new SpindleException(ErrorCode.SYNTAX_ERROR_1,
                    "the statement has " + calciteTypes.size() + " parameters but " + values.size() + " were given");
        }
        RexShuttle literals = new RexShuttle() {
            @Override
            public RexNode visitDynamicParam(RexDynamicParam p) {
                return literal(values.get(p.getIndex()), p.getType());
            }
        };
        synchronized (lock) {
            return planner.planRoot(root.withRel(bind(root.rel, literals)), rexBuilder);
        }
    }

    /** The Calcite plan's root, for tests that check whether Calcite planned again. */
    public RelRoot calcitePlan() {
        return root;
    }

    private static RelNode bind(RelNode rel, RexShuttle literals) {
        List<RelNode> inputs = new ArrayList<>(rel.getInputs().size());
        boolean changed = false;
        for (RelNode in : rel.getInputs()) {
            RelNode b = bind(in, literals);
            changed |= b != in;
            inputs.add(b);
        }
        RelNode r = changed ? rel.copy(rel.getTraitSet(), inputs) : rel;
        return r.accept(literals);
    }

    private RexNode literal(Object v, RelDataType type) {
        if (v == null) {
            return rexBuilder.makeNullLiteral(type);
        }
        Object c;
        if (v instanceof Long || v instanceof Integer || v instanceof Short) {
            c = BigDecimal.valueOf(((Number) v).longValue());
        } else if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1, "a NaN or infinite parameter in a query");
            }
            c = BigDecimal.valueOf(d);
        } else if (v instanceof LocalDate) {
            c = new DateString(v.toString());
        } else if (v instanceof LocalTime) {
            c = TimeString.fromMillisOfDay((int) (((LocalTime) v).toNanoOfDay() / 1_000_000L));
        } else if (v instanceof LocalDateTime) {
            LocalDateTime t = (LocalDateTime) v;
            c = new TimestampString(t.getYear(), t.getMonthValue(), t.getDayOfMonth(), t.getHour(), t.getMinute(),
                    t.getSecond()).withNanos(t.getNano());
        } else {
            c = v; // BigDecimal, String, Boolean
        }
        // a literal of the parameter's type, not nullable: a nullable type would come out as
        // CAST(literal), which the point-lookup detection does not take for a key value
        // (CHAR(n) keeps the cast: its padding is Spindle's cast's business, not Calcite's literal's)
        if (type.getSqlTypeName() == org.apache.calcite.sql.type.SqlTypeName.CHAR) {
            return rexBuilder.makeLiteral(c, type, true);
        }
        RelDataType notNull = rexBuilder.getTypeFactory().createTypeWithNullability(type, false);
        return rexBuilder.makeLiteral(c, notNull, true);
    }
}
