package dev.spindle.planner.shape;

import java.math.BigDecimal;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorScope;

/**
 * Slot {@code index} of a query's shape: a numeric literal lifted out of the query, of exactly the
 * type the literal has ({@code 5} INTEGER NOT NULL, {@code 8143.70} DECIMAL(6, 2) NOT NULL). It is
 * an operator without operands, so Calcite validates, converts and simplifies the shape without
 * ever knowing the value: it is neither deterministic nor constant to Calcite, so no rule folds or
 * compares it, and what Calcite makes of the shape holds for every value. {@link ShapeTemplate}
 * replaces each call with the literal of the query at hand before the plan is lowered. Its name
 * holds its index and type, so that a shape's key ({@link LiteralLifter}) tells slots apart.
 *
 * <p>Thread-safety: immutable.
 */
public final class LiftedLiteral extends SqlSpecialOperator implements dev.spindle.planner.calcite.TypedSlot {
    private final int index;
    private final RelDataType type;

    LiftedLiteral(int index, RelDataType type) {
        super("$literal" + index + ":" + type.getFullTypeString(), SqlKind.OTHER);
        this.index = index;
        this.type = type;
    }

    /** The slot's position among the shape's literals. */
    public int index() {
        return index;
    }

    /** The literal's type. */
    @Override
    public RelDataType type() {
        return type;
    }

    /** A call of this slot at {@code pos} (the literal's position, for error messages). */
    SqlCall call(SqlParserPos pos) {
        return createCall(pos);
    }

    @Override
    public SqlSyntax getSyntax() {
        return SqlSyntax.FUNCTION_ID;
    }

    @Override
    public RelDataType deriveType(SqlValidator validator, SqlValidatorScope scope, SqlCall call) {
        return type;
    }

    @Override
    public RelDataType inferReturnType(SqlOperatorBinding opBinding) {
        return type;
    }

    @Override
    public boolean isDeterministic() {
        return false;
    }

    @Override
    public boolean isDynamicFunction() {
        return true;
    }

    @Override
    public void unparse(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
        writer.literal(getName());
    }

    /** The value of a lifted literal: the literal's own value, as Calcite reads it. */
    public record Value(BigDecimal value, RelDataType type) {
    }
}
