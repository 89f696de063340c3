package dev.spindle.planner.lower;

import dev.spindle.common.error.SpindleException;
import dev.spindle.compute.expr.ScalarExpr;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexExecutor;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.TimeString;
import org.apache.calcite.util.TimestampString;

/**
 * Calcite's constant folding done by compute's evaluator, so that a folded constant has the value
 * PostgreSQL gives it. Calcite folds a CAST of a literal while it simplifies (its
 * {@code RexSimplify} hands such casts to the cluster's {@link RexExecutor}); its default executor
 * compiles Java with Calcite's semantics ({@code CAST(2.5 AS INTEGER)} is 2, {@code CAST(TRUE AS
 * TEXT)} is {@code 'TRUE'}), where PostgreSQL's are 3 and {@code 'true'}. This executor lowers each
 * expression with {@link RexLowering} and evaluates it; an expression it cannot lower or whose
 * evaluation fails (a bad cast, an overflow) stays as it is, so the error, if the value is ever
 * needed, comes when the query runs, from the same code.
 *
 * <p>Thread-safety: stateless and thread-safe.
 */
public final class ConstantFolder implements RexExecutor {
    /** The one instance. */
    public static final ConstantFolder INSTANCE = new ConstantFolder();

    private static final Object[] NO_ROW = new Object[0];

    private ConstantFolder() {
    }

    @Override
    public void reduce(RexBuilder rexBuilder, List<RexNode> constExps, List<RexNode> reducedValues) {
        for (RexNode e : constExps) {
            reducedValues.add(fold(rexBuilder, e));
        }
    }

    /** {@code e}'s value as a literal of {@code e}'s type, or {@code e} if it does not fold. */
    static RexNode fold(RexBuilder rexBuilder, RexNode e) {
        Object v;
        try {
            ScalarExpr lowered = new RexLowering(rexBuilder, List.of()).lower(e);
            v = lowered.eval(NO_ROW);
        } catch (SpindleException | IllegalArgumentException | IndexOutOfBoundsException failed) {
            return e; // not computable here (or an error): left for run time
        }
        RexNode lit = literal(rexBuilder, v, e.getType());
        return lit == null ? e : lit;
    }

    /** Compute's value {@code v} as Calcite's literal of {@code type}; null if it has none. */
    private static RexNode literal(RexBuilder b, Object v, RelDataType type) {
        if (v == null) {
            return b.makeNullLiteral(type);
        }
        Object calcite;
        if (v instanceof Long) {
            calcite = BigDecimal.valueOf((Long) v);
        } else if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                return null; // Calcite's literals hold no NaN or infinity
            }
            calcite = new BigDecimal(v.toString());
        } else if (v instanceof LocalDate) {
            LocalDate d = (LocalDate) v;
            calcite = new DateString(d.getYear(), d.getMonthValue(), d.getDayOfMonth());
        } else if (v instanceof LocalTime) {
            LocalTime t = (LocalTime) v;
            calcite = new TimeString(t.getHour(), t.getMinute(), t.getSecond()).withNanos(t.getNano());
        } else if (v instanceof LocalDateTime) {
            LocalDateTime t = (LocalDateTime) v;
            calcite = new TimestampString(t.getYear(), t.getMonthValue(), t.getDayOfMonth(), t.getHour(), t.getMinute(),
                    t.getSecond()).withNanos(t.getNano());
        } else {
            calcite = v; // BigDecimal, String, Boolean
        }
        SqlTypeName t = type.getSqlTypeName();
        if (t == SqlTypeName.CHAR && calcite instanceof String && ((String) calcite).length() != type.getPrecision()) {
            return null;
        }
        if (t == SqlTypeName.VARCHAR && calcite instanceof String && type.getPrecision() != RelDataType.PRECISION_NOT_SPECIFIED
                && ((String) calcite).length() > type.getPrecision()) {
            // no literal of the type holds it: the builder's VARCHAR literal, a CHAR literal under
            // a cast to the type, would change the value and come back here to be folded, forever
            return null;
        }
        // a VARCHAR value is Calcite's CHAR literal under a cast that Calcite's builder removes
        RexNode lit = b.makeLiteral(calcite, type, t == SqlTypeName.VARCHAR, false);
        return lit.getType().getSqlTypeName() == t ? lit : null;
    }
}
