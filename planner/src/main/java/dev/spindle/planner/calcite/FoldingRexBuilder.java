package dev.spindle.planner.calcite;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexExecutor;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * A {@link RexBuilder} whose casts of literals are folded by the given executor instead of by
 * Calcite. Calcite's {@code makeCast} turns a cast of a literal into a literal of the target type
 * whenever the value "fits" it, keeping the value as it is: {@code CAST(1e300 AS REAL)} becomes a
 * REAL literal of 1e300 (PostgreSQL: {@code value out of range: overflow}). Here a cast of a literal
 * to another type, or to another DECIMAL precision or scale, goes to the executor (Spindle's, which
 * evaluates it with PostgreSQL's rules); a cast it does not fold stays a cast. Casts that only
 * change nullability or a string's declared length are Calcite's.
 *
 * <p>Thread-safety: as Calcite's {@code RexBuilder} (immutable once built).
 */
final class FoldingRexBuilder extends RexBuilder {
    private final RexExecutor executor;
    /**
     * {@code '?'}, made once: every new cluster (one per planned statement) asks its builder for it
     * as the cluster's "original expression", and making a character literal derives and interns
     * its type (0.6 % of the session thread on the sqllogictest corpus). Literals are immutable.
     */
    private final RexLiteral questionMark;

    FoldingRexBuilder(RelDataTypeFactory typeFactory, RexExecutor executor) {
        super(typeFactory);
        this.executor = executor;
        this.questionMark = super.makeLiteral("?");
    }

    @Override
    public RexLiteral makeLiteral(String s) {
        return questionMark != null && "?".equals(s) ? questionMark : super.makeLiteral(s);
    }

    @Override
    public RexNode makeCast(SqlParserPos pos, RelDataType type, RexNode exp, boolean matchNullability, boolean safe,
            RexLiteral format) {
        if (!(exp instanceof RexLiteral) || ((RexLiteral) exp).isNull() || safe || (format != null && !format.isNull())
                || !changesValue(exp.getType(), type)) {
            return super.makeCast(pos, type, exp, matchNullability, safe, format);
        }
        RexNode cast = makeAbstractCast(pos, type, exp, false);
        List<RexNode> out = new ArrayList<>(1);
        executor.reduce(this, List.of(cast), out);
        RexNode folded = out.get(0);
        if (folded instanceof RexLiteral && matchNullability && type.isNullable() && !folded.getType().isNullable()) {
            return makeAbstractCast(pos, type, folded, false);
        }
        return folded;
    }

    /** True unless a cast from {@code from} to {@code to} only restates nullability or length. */
    private static boolean changesValue(RelDataType from, RelDataType to) {
        SqlTypeName f = from.getSqlTypeName();
        SqlTypeName t = to.getSqlTypeName();
        if (f != t) {
            return !(f == SqlTypeName.CHAR && t == SqlTypeName.VARCHAR && longEnough(from, to));
        }
        return f == SqlTypeName.DECIMAL || f == SqlTypeName.CHAR
                ? from.getPrecision() != to.getPrecision() || from.getScale() != to.getScale()
                : f == SqlTypeName.VARCHAR && !longEnough(from, to);
    }

    /** True if every string of type {@code from} fits {@code to} (no precision: unbounded). */
    private static boolean longEnough(RelDataType from, RelDataType to) {
        return SqlTypeUtil.comparePrecision(to.getPrecision(), from.getPrecision()) >= 0;
    }
}
