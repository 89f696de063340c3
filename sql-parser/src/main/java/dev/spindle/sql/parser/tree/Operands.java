package dev.spindle.sql.parser.tree;

import java.util.List;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Encodes a statement node's flags and choices as operands and reads them back (see
 * {@link StatementOperator}). Stateless.
 */
public final class Operands {
    private Operands() {
    }

    /** {@code value} as a boolean literal operand. */
    public static SqlLiteral flag(boolean value) {
        return SqlLiteral.createBoolean(value, SqlParserPos.ZERO);
    }

    /** The boolean held by a {@link #flag(boolean)} operand. */
    public static boolean flag(@Nullable SqlNode operand) {
        if (!(operand instanceof SqlLiteral)) {
            throw new IllegalArgumentException("expected a boolean literal, got " + operand);
        }
        return ((SqlLiteral) operand).booleanValue();
    }

    /** {@code value} as a symbol literal operand, or null. */
    public static @Nullable SqlLiteral symbol(@Nullable Enum<?> value) {
        return value == null ? null : SqlLiteral.createSymbol(value, SqlParserPos.ZERO);
    }

    /** The enum held by a {@link #symbol(Enum)} operand, or null. */
    public static <E extends Enum<E>> @Nullable E symbol(@Nullable SqlNode operand, Class<E> type) {
        if (operand == null) {
            return null;
        }
        if (!(operand instanceof SqlLiteral)) {
            throw new IllegalArgumentException("expected a symbol literal, got " + operand);
        }
        return ((SqlLiteral) operand).getValueAs(type);
    }

    /** Operand {@code i} as an identifier (null stays null). */
    public static @Nullable SqlIdentifier identifier(List<@Nullable SqlNode> operands, int i) {
        return (SqlIdentifier) operands.get(i);
    }

    /** Operand {@code i} as a node list (null stays null). */
    public static @Nullable SqlNodeList list(List<@Nullable SqlNode> operands, int i) {
        return (SqlNodeList) operands.get(i);
    }

    /** Checks that a builder got the number of operands its node has. */
    public static List<@Nullable SqlNode> expect(List<@Nullable SqlNode> operands, int count, String node) {
        if (operands.size() != count) {
            throw new IllegalArgumentException(node + " takes " + count + " operands, got " + operands.size());
        }
        return operands;
    }
}
