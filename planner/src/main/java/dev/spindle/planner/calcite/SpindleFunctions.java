package dev.spindle.planner.calcite;

import java.util.List;
import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlPrefixOperator;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.util.SqlOperatorTables;

/**
 * PostgreSQL functions compute evaluates that neither Calcite's standard table nor its POSTGRESQL
 * library declares (or declares for other types): {@code octet_length(text)} (Calcite's takes
 * binary strings), {@code btrim(text [, text])}, and, from Calcite's other libraries,
 * {@code reverse(text)} and {@code trunc(numeric [, integer])}; and the operator {@code ^}.
 *
 * <p>Thread-safety: immutable.
 */
final class SpindleFunctions {
    private SpindleFunctions() {
    }

    /** {@code octet_length(text)}: the length of the UTF-8 encoding. */
    static final SqlFunction OCTET_LENGTH = new SqlFunction("OCTET_LENGTH", SqlKind.OTHER_FUNCTION,
            ReturnTypes.INTEGER_NULLABLE, null, OperandTypes.CHARACTER, SqlFunctionCategory.STRING);

    /** {@code btrim(text [, characters])}: both ends trimmed of the characters (a space by default). */
    static final SqlFunction BTRIM = new SqlFunction("BTRIM", SqlKind.OTHER_FUNCTION,
            ReturnTypes.VARCHAR_NULLABLE, null,
            OperandTypes.or(OperandTypes.CHARACTER, OperandTypes.family(SqlTypeFamily.CHARACTER, SqlTypeFamily.CHARACTER)),
            SqlFunctionCategory.STRING);

    /**
     * {@code x ^ y}, PostgreSQL's exponentiation, as the validator resolves it. The parser builds
     * the call with its own operator ({@code dev.spindle.sql.parser.query.SqlPowerOperator}); the
     * validator looks a binary operator up again by name, where Calcite's standard table has
     * {@code ^} as bitwise XOR, so {@link FunctionNames} answers this one instead. Numbers in,
     * DOUBLE out; the lowering computes it as {@code power(x, y)}.
     */
    static final SqlBinaryOperator POWER = new SqlBinaryOperator("^", SqlKind.OTHER, 70, true,
            ReturnTypes.DOUBLE_NULLABLE, null, OperandTypes.family(SqlTypeFamily.NUMERIC, SqlTypeFamily.NUMERIC));

    /**
     * Prefix {@code +x}: {@code x} itself, whatever its type. PostgreSQL defines unary plus only on
     * numbers ({@code + text} is 42883 there); SQLite and H2 take it as the identity on any value,
     * and SQLite's sqllogictest corpus writes it before text columns hundreds of times. Spindle
     * chooses the identity: it gives no answer PostgreSQL would give differently, only one where
     * PostgreSQL refuses. The lowering drops it.
     */
    static final SqlPrefixOperator UNARY_PLUS = new SqlPrefixOperator("+", SqlKind.PLUS_PREFIX, 80,
            ReturnTypes.ARG0, InferTypes.RETURN_TYPE, OperandTypes.ANY);

    /** The table of these functions. */
    static SqlOperatorTable table() {
        List<SqlOperator> ops = List.of(OCTET_LENGTH, BTRIM, SqlLibraryOperators.REVERSE, SqlLibraryOperators.TRUNC_BIG_QUERY);
        return SqlOperatorTables.of(ops);
    }
}
