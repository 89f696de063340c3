package dev.spindle.sql.parser.tree;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The operator of one of Spindle's statement nodes. Every such node keeps all of its state in its
 * operands (flags as boolean literals, choices as symbol literals), so {@link #createCall}
 * rebuilds an equal node from them: {@link SqlNode#clone}, {@code SqlShuttle} and
 * {@link SqlNode#equalsDeep} see the whole statement.
 *
 * <p>Immutable and stateless apart from its builder; safe to share between threads.
 */
public final class StatementOperator extends SqlSpecialOperator {

    /** Rebuilds a node from its position and operands (in {@code getOperandList()} order). */
    @FunctionalInterface
    public interface Builder {
        SqlCall build(SqlParserPos pos, List<@Nullable SqlNode> operands);
    }

    private final Builder builder;

    /** An operator named {@code name} (used in messages only) of {@code kind}. */
    public StatementOperator(String name, SqlKind kind, Builder builder) {
        super(requireNonNull(name, "name"), requireNonNull(kind, "kind"));
        this.builder = requireNonNull(builder, "builder");
    }

    @Override
    public SqlCall createCall(@Nullable SqlLiteral functionQualifier, SqlParserPos pos,
            @Nullable SqlNode... operands) {
        return builder.build(pos, Arrays.asList(operands));
    }
}
