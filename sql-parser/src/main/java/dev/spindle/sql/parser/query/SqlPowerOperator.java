package dev.spindle.sql.parser.query;

import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeFamily;

/**
 * PostgreSQL's exponentiation operator {@code x ^ y} (Calcite reads {@code ^} as bitwise XOR):
 * left-associative ({@code 2 ^ 3 ^ 2} is 64), binding tighter than {@code * / %} and looser than a
 * sign ({@code -2 ^ 2} is 4), as in PostgreSQL. Numbers in, DOUBLE out (PostgreSQL gives
 * {@code numeric} for two numerics; the planner computes it as {@code power(x, y)}).
 *
 * <p>Immutable and thread-safe (one instance, {@link #INSTANCE}).
 */
public final class SqlPowerOperator extends SqlBinaryOperator {
    /** The one instance. */
    public static final SqlPowerOperator INSTANCE = new SqlPowerOperator();

    private SqlPowerOperator() {
        // * and / are 60, a sign 80 (Calcite's precedences)
        super("^", SqlKind.OTHER, 70, true, ReturnTypes.DOUBLE_NULLABLE, null, OperandTypes.family(SqlTypeFamily.NUMERIC, SqlTypeFamily.NUMERIC));
    }
}
