package dev.spindle.planner.calcite;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.fun.SqlBetweenOperator;
import org.apache.calcite.sql.fun.SqlInOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.implicit.TypeCoercion;
import org.apache.calcite.sql2rel.SqlToRelConverter;

/**
 * The expressions of {@link DirectConversion}'s queries, converted over one scope (its FROM's
 * tables, or an aggregation's output) as Calcite's validation and conversion would convert them:
 * columns, exact literals and shape slots, arithmetic, unary signs, comparisons (numbers of
 * different types brought to the validator's common type), {@code [NOT] BETWEEN}, {@code [NOT] IN}
 * lists, {@code AND OR NOT}, {@code IS [NOT] NULL} and {@code CAST} to INTEGER or BIGINT; null for
 * anything else, which sends the whole query to Calcite.
 *
 * <p>Thread-safety: not thread-safe; one per query being converted.
 */
final class DirectExpressions {
    private static final Set<SqlKind> ARITHMETIC = Set.of(SqlKind.PLUS, SqlKind.MINUS, SqlKind.TIMES, SqlKind.DIVIDE);
    private static final Set<SqlKind> COMPARISON = Set.of(SqlKind.EQUALS, SqlKind.NOT_EQUALS, SqlKind.LESS_THAN,
            SqlKind.LESS_THAN_OR_EQUAL, SqlKind.GREATER_THAN, SqlKind.GREATER_THAN_OR_EQUAL);

    private final DirectConversion.Scope scope;
    final RexBuilder rex;
    final CalciteCatalogReader reader;
    final SqlOperatorTable operators;
    /** The validator's implicit coercion: the type two compared operands of different types meet in. */
    private final TypeCoercion coercion;
    /**
     * In an aggregated select list: the aggregation's output, its group columns (column index
     * of the input → field of the output) and its aggregate calls' values; null otherwise.
     */
    private RelNode aggregate;
    private java.util.Map<Integer, Integer> groups;
    private java.util.Map<SqlNode, RexNode> aggregates;

    /** From now on, converts over {@code aggregate}'s output (the select list of an aggregation). */
    void aggregated(RelNode aggregate, java.util.Map<Integer, Integer> groups, java.util.Map<SqlNode, RexNode> aggregates) {
        this.aggregate = aggregate;
        this.groups = groups;
        this.aggregates = aggregates;
    }

    DirectExpressions(DirectConversion.Scope scope, RexBuilder rex, CalciteCatalogReader reader, SqlOperatorTable operators, TypeCoercion coercion) {
        this.scope = scope;
        this.rex = rex;
        this.reader = reader;
        this.operators = operators;
        this.coercion = coercion;
    }

    RexNode convert(SqlNode node) {
        if (node instanceof SqlIdentifier) {
            return column((SqlIdentifier) node);
        }
        if (node instanceof SqlNumericLiteral) {
            SqlNumericLiteral literal = (SqlNumericLiteral) node;
            RelDataType type = literal.createSqlType(rex.getTypeFactory());
            return exactInteger(type) || type.getSqlTypeName() == SqlTypeName.DECIMAL
                    ? rex.makeExactLiteral(literal.getValueAs(BigDecimal.class), type) : null;
        }
        if (node instanceof SqlBasicCall) {
            return call((SqlBasicCall) node);
        }
        return null;
    }

    /** A column of any type: what reads it checks its type (operators take numbers and booleans only). */
    private RexNode column(SqlIdentifier id) {
        RelDataTypeField f = field(id);
        if (f == null) {
            return null;
        }
        if (aggregate != null) {
            Integer g = groups.get(f.getIndex());
            return g == null ? null : rex.makeInputRef(aggregate, g); // else "not being grouped"
        }
        return rex.makeInputRef(f.getType(), f.getIndex());
    }

    /** The input's field {@code id} names, or null. */
    RelDataTypeField field(SqlIdentifier id) {
        if (scope.items().isEmpty() || id.isStar() || id.names.size() > 2) {
            return null;
        }
        String column = id.names.get(id.names.size() - 1);
        RelDataTypeField found = null;
        for (DirectConversion.Item from : scope.items()) {
            if (id.names.size() == 2 && !id.names.get(0).equals(from.alias())) {
                continue;
            }
            RelDataTypeField f = from.rowType().getField(column, true, false);
            if (f != null) {
                if (found != null) {
                    return null; // in two tables: the validator finds it ambiguous
                }
                found = scope.rowType().getFieldList().get(from.offset() + f.getIndex());
            }
        }
        return found;
    }

    private RexNode call(SqlBasicCall call) {
        if (aggregates != null && aggregates.containsKey(call)) {
            return aggregates.get(call);
        }
        SqlOperator written = call.getOperator();
        if (written instanceof TypedSlot) {
            if (call.operandCount() != 0 || !allowed(((TypedSlot) written).type())) {
                return null;
            }
            return rex.makeCall(call.getParserPosition(), rex.deriveReturnType(written, List.of()), written, List.of());
        }
        SqlKind kind = call.getKind();
        if (kind == SqlKind.CAST) {
            return cast(call);
        }
        if (kind == SqlKind.BETWEEN) {
            return between(call);
        }
        if (kind == SqlKind.IN || kind == SqlKind.NOT_IN) {
            return in(call);
        }
        List<RexNode> operands = new ArrayList<>(call.operandCount());
        for (SqlNode operand : call.getOperandList()) {
            RexNode e = convert(operand);
            if (e == null) {
                return null;
            }
            operands.add(e);
        }
        if (!typesFit(kind, operands)) {
            return null;
        }
        if (COMPARISON.contains(kind)) {
            coerceToCommonType(call, operands);
        }
        if (kind == SqlKind.PLUS_PREFIX) {
            // conversion expands the parser's "+ x" into x (Calcite's convertlet); where the
            // validator has put Spindle's identity operator in its place, the projection's
            // simplification removes it
            return operands.get(0);
        }
        List<RelDataType> types = RexUtil.types(operands);
        SqlOperator op = SqlUtil.lookupRoutine(operators, rex.getTypeFactory(), written.getNameAsId(), types, null,
                null, written.getSyntax(), written.getKind(), reader.nameMatcher(), false);
        if (op == null || op.getKind() != kind) {
            return null;
        }
        RelDataType type = rex.deriveReturnType(op, operands);
        return allowed(type) ? rex.makeCall(call.getParserPosition(), type, op, RexUtil.flatten(operands, op)) : null;
    }

    /**
     * {@code CAST(x AS INTEGER | BIGINT)} of an exact integer {@code x}, as conversion's
     * {@code convertCast} makes it: the declared type NOT NULL unless {@code x} is nullable,
     * the builder's cast (which folds a literal), an unknown-typed NULL as the format.
     */
    private RexNode cast(SqlBasicCall call) {
        if (call.operandCount() != 2 || !(call.operand(1) instanceof SqlDataTypeSpec)
                || SqlUtil.isNullLiteral(call.operand(0), false)) {
            return null;
        }
        SqlDataTypeSpec spec = call.operand(1);
        if (!(spec.getTypeNameSpec() instanceof SqlBasicTypeNameSpec) || spec.getNullable() != null
                || ((SqlBasicTypeNameSpec) spec.getTypeNameSpec()).getPrecision() != RelDataType.PRECISION_NOT_SPECIFIED
                || !spec.getTypeNameSpec().getTypeName().isSimple()) {
            return null;
        }
        SqlTypeName target = SqlTypeName.get(spec.getTypeNameSpec().getTypeName().getSimple().toUpperCase(java.util.Locale.ROOT));
        if (target != SqlTypeName.INTEGER && target != SqlTypeName.BIGINT) {
            return null;
        }
        RexNode arg = convert(call.operand(0));
        if (arg == null || !exactInteger(arg.getType())) {
            return null;
        }
        RelDataType type = org.apache.calcite.sql.fun.SqlCastFunction.deriveType(rex.getTypeFactory(), arg.getType(),
                rex.getTypeFactory().createSqlType(target), false);
        return convertedCast(call.getParserPosition(), type, arg);
    }

    /** A cast as conversion's {@code convertCast} makes it: the builder's (which folds a literal), an unknown-typed NULL as the format. */
    private RexNode convertedCast(org.apache.calcite.sql.parser.SqlParserPos pos, RelDataType type, RexNode operand) {
        return rex.makeCast(pos, type, operand, false, false, rex.makeNullLiteral(rex.getTypeFactory().createSqlType(SqlTypeName.NULL)));
    }

    /**
     * {@code x [NOT] BETWEEN y AND z} of numbers, as conversion expands it: {@code x >= y AND
     * x <= z} (under NOT), the three operands first cast to the type the validator's coercion
     * finds for them (none if their types have one name; else the common type of the first
     * two, then of that and the third).
     */
    private RexNode between(SqlBasicCall call) {
        if (!(call.getOperator() instanceof SqlBetweenOperator) || call.operandCount() != 3
                || ((SqlBetweenOperator) call.getOperator()).flag != SqlBetweenOperator.Flag.ASYMMETRIC) {
            return null;
        }
        List<RexNode> operands = new ArrayList<>(3);
        for (SqlNode operand : call.getOperandList()) {
            RexNode e = convert(operand);
            if (e == null || !number(e.getType())) {
                return null;
            }
            operands.add(e);
        }
        RelDataType t0 = operands.get(0).getType();
        RelDataType t1 = operands.get(1).getType();
        RelDataType t2 = operands.get(2).getType();
        if (!SqlTypeUtil.sameNamedType(t0, t1) || !SqlTypeUtil.sameNamedType(t1, t2)) {
            RelDataType common = coercion.commonTypeForBinaryComparison(t0, t1);
            common = common == null ? null : coercion.commonTypeForBinaryComparison(common, t2);
            if (common != null) {
                castTo(common, call, operands);
            }
        }
        RexNode x = operands.get(0);
        RexNode and = rex.makeCall(SqlStdOperatorTable.AND,
                rex.makeCall(SqlStdOperatorTable.GREATER_THAN_OR_EQUAL, x, operands.get(1)),
                rex.makeCall(SqlStdOperatorTable.LESS_THAN_OR_EQUAL, x, operands.get(2)));
        return ((SqlBetweenOperator) call.getOperator()).isNegated()
                ? rex.makeCall(call.getParserPosition(), SqlStdOperatorTable.NOT, and) : and;
    }

    /**
     * {@code x [NOT] IN (v1, ...)} of numbers, a list shorter than conversion's threshold for
     * making it a join, as conversion expands it: {@code x = v1 OR ...} (under NOT). First, as
     * the validator coerces it: the list's type is the least restrictive of its values' types,
     * the common type is that of {@code x} and the list's, and {@code x} and each value not of
     * it are cast to it.
     */
    private RexNode in(SqlBasicCall call) {
        if (!(call.getOperator() instanceof SqlInOperator) || call.operandCount() != 2
                || !(call.operand(1) instanceof SqlNodeList) || call.operand(0).getKind() == SqlKind.ROW) {
            return null;
        }
        SqlNodeList list = call.operand(1);
        if (list.isEmpty() || list.size() >= SqlToRelConverter.config().getInSubQueryThreshold()) {
            return null;
        }
        RexNode x = convert(call.operand(0));
        if (x == null || !number(x.getType())) {
            return null;
        }
        List<RexNode> values = new ArrayList<>(list.size());
        for (SqlNode v : list) {
            RexNode e = convert(v);
            if (e == null || !number(e.getType())) {
                return null;
            }
            values.add(e);
        }
        RelDataType listType = rex.getTypeFactory().leastRestrictive(RexUtil.types(values));
        RelDataType common = listType == null ? null : coercion.commonTypeForBinaryComparison(x.getType(), listType);
        if (common == null) {
            return null; // the validator would look further (the tightest common type): Calcite decides
        }
        x = castTo(common, call.operand(0), x);
        List<RexNode> comparisons = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
            RexNode v = castTo(common, list.get(i), values.get(i));
            List<RexNode> pair = List.of(x, v);
            comparisons.add(rex.makeCall(list.get(i).getParserPosition(),
                    rex.deriveReturnType(SqlStdOperatorTable.EQUALS, pair), SqlStdOperatorTable.EQUALS, pair));
        }
        return call.getKind() == SqlKind.IN ? RexUtil.composeDisjunction(rex, comparisons, true)
                : rex.makeCall(SqlStdOperatorTable.NOT, RexUtil.composeDisjunction(rex, comparisons));
    }

    /**
     * As the validator's implicit coercion makes two compared numbers of different types meet
     * (an INTEGER column against a DECIMAL literal: both DECIMAL; a DOUBLE against an INTEGER:
     * DOUBLE): each operand not of the common type is cast to it, keeping its nullability, as
     * conversion converts the cast the validator put around it (which folds a literal).
     */
    private void coerceToCommonType(SqlBasicCall call, List<RexNode> operands) {
        RelDataType common = coercion.commonTypeForBinaryComparison(operands.get(0).getType(), operands.get(1).getType());
        if (common != null) {
            castTo(common, call, operands);
        }
    }

    /** Each of {@code call}'s converted operands not of type {@code common} cast to it, its nullability kept. */
    private void castTo(RelDataType common, SqlBasicCall call, List<RexNode> operands) {
        for (int i = 0; i < operands.size(); i++) {
            operands.set(i, castTo(common, call.operand(i), operands.get(i)));
        }
    }

    /**
     * {@code operand} (converted from {@code node}) cast to {@code common} with its own
     * nullability, as conversion converts the cast the validator's coercion puts around
     * {@code node}; itself if it is of that type already.
     */
    private RexNode castTo(RelDataType common, SqlNode node, RexNode operand) {
        if (SqlTypeUtil.equalSansNullability(rex.getTypeFactory(), operand.getType(), common)) {
            return operand;
        }
        RelDataType type = rex.getTypeFactory().createTypeWithNullability(common, operand.getType().isNullable());
        return convertedCast(node.getParserPosition(), type, operand);
    }

    /** Whether the operands are of the types this subset takes for {@code kind}. */
    private static boolean typesFit(SqlKind kind, List<RexNode> operands) {
        int n = operands.size();
        if (ARITHMETIC.contains(kind) || COMPARISON.contains(kind)) {
            return n == 2 && all(operands, SqlTypeName.DECIMAL);
        }
        switch (kind) {
            case MINUS_PREFIX:
            case PLUS_PREFIX:
                return n == 1 && all(operands, SqlTypeName.DECIMAL);
            case AND:
            case OR:
                return n == 2 && all(operands, SqlTypeName.BOOLEAN);
            case NOT:
                return n == 1 && all(operands, SqlTypeName.BOOLEAN);
            case IS_NULL:
            case IS_NOT_NULL:
                return n == 1;
            default:
                return false;
        }
    }

    /**
     * Whether every operand is of {@code type}; DECIMAL stands for the numbers this subset takes
     * ({@link #number}).
     */
    private static boolean all(List<RexNode> operands, SqlTypeName type) {
        for (RexNode o : operands) {
            if (type == SqlTypeName.DECIMAL ? !number(o.getType()) : o.getType().getSqlTypeName() != type) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code type} is one of the exact integers this subset takes, INTEGER and BIGINT. */
    static boolean exactInteger(RelDataType type) {
        SqlTypeName t = type.getSqlTypeName();
        return t == SqlTypeName.INTEGER || t == SqlTypeName.BIGINT;
    }

    /** Whether {@code type} is one of the numbers this subset takes: INTEGER, BIGINT, DECIMAL and DOUBLE. */
    static boolean number(RelDataType type) {
        SqlTypeName t = type.getSqlTypeName();
        return exactInteger(type) || t == SqlTypeName.DECIMAL || t == SqlTypeName.DOUBLE;
    }

    private static boolean allowed(RelDataType type) {
        return number(type) || type.getSqlTypeName() == SqlTypeName.BOOLEAN;
    }
}
