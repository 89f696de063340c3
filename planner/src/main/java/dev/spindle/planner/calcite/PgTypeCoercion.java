package dev.spindle.planner.calcite;

import dev.spindle.common.error.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorScope;
import org.apache.calcite.sql.validate.implicit.TypeCoercionImpl;

/**
 * Calcite's implicit coercions cut down to PostgreSQL's. Calcite casts freely between numbers,
 * strings and booleans to make a comparison, an arithmetic operator, a set operation or a CASE
 * type-check; PostgreSQL converts implicitly only within a type category (numbers widen) and from
 * an untyped literal ({@code k = '1'}: the string literal, the NULL literal and a parameter are
 * PostgreSQL's {@code unknown}, read as the other side's type). So, between operands of different
 * categories (number, string, boolean, date/time) neither of which is unknown:
 *
 * <ul>
 *   <li>a comparison or arithmetic is refused with {@link ErrorCode#UNDEFINED_OPERATOR_1} (42883,
 *       {@code operator does not exist: integer = boolean});</li>
 *   <li>a built-in function whose argument is of another category than it takes is refused with
 *       {@link ErrorCode#UNDEFINED_FUNCTION_1} (42883, {@code function upper(integer) does not
 *       exist});</li>
 *   <li>the columns of UNION / INTERSECT / EXCEPT, the branches of CASE and the arguments of
 *       COALESCE, NULLIF, GREATEST, LEAST are refused with
 *       {@link ErrorCode#TYPES_CANNOT_BE_MATCHED_3} (42804, {@code UNION types integer and text
 *       cannot be matched}).</li>
 * </ul>
 *
 * Everything else is Calcite's coercion (integers, decimals and floats still meet as they do in
 * PostgreSQL). A refusal is a {@link Refusal}, which {@link SqlPlanner} reports with its position.
 *
 * <p>Thread-safety: not thread-safe, as Calcite's validator that owns it.
 */
final class PgTypeCoercion extends TypeCoercionImpl {

    /** PostgreSQL's type categories, as far as implicit conversion goes. */
    private enum Category { NUMBER, STRING, BOOLEAN, DATETIME }

    /** The operators checked: comparisons and arithmetic ({@code ||} takes any argument, as in PostgreSQL). */
    private static final java.util.Set<SqlKind> OPERATORS = java.util.EnumSet.of(SqlKind.EQUALS, SqlKind.NOT_EQUALS,
            SqlKind.LESS_THAN, SqlKind.LESS_THAN_OR_EQUAL, SqlKind.GREATER_THAN, SqlKind.GREATER_THAN_OR_EQUAL,
            SqlKind.IS_DISTINCT_FROM, SqlKind.IS_NOT_DISTINCT_FROM, SqlKind.PLUS, SqlKind.MINUS, SqlKind.TIMES,
            SqlKind.DIVIDE, SqlKind.MOD);

    private static final java.util.Set<SqlKind> SET_OPERATIONS = java.util.EnumSet.of(SqlKind.UNION, SqlKind.INTERSECT,
            SqlKind.EXCEPT);

    /** Functions PostgreSQL declares over {@code "any"}: each argument is converted to text. */
    private static final java.util.Set<String> ANY_ARGUMENTS = java.util.Set.of("CONCAT", "CONCAT_WS");

    private final java.util.function.Supplier<SqlNode> statement;

    /** @param statement the statement being validated, to name the set operation in a refusal */
    PgTypeCoercion(RelDataTypeFactory typeFactory, SqlValidator validator, java.util.function.Supplier<SqlNode> statement) {
        super(typeFactory, validator);
        this.statement = statement;
    }

    /** A refused coercion: its error and where in the statement. */
    static final class Refusal extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient SqlParserPos pos;
        final ErrorCode code;
        final transient Object[] args;

        Refusal(SqlParserPos pos, ErrorCode code, Object... args) {
            super(code.name(), null, false, false);
            this.pos = pos;
            this.code = code;
            this.args = args;
        }
    }

    @Override
    public boolean binaryComparisonCoercion(SqlCallBinding binding) {
        checkOperator(binding);
        return super.binaryComparisonCoercion(binding);
    }

    @Override
    public boolean binaryArithmeticCoercion(SqlCallBinding binding) {
        checkOperator(binding);
        return super.binaryArithmeticCoercion(binding);
    }

    @Override
    public boolean builtinFunctionCoercion(SqlCallBinding binding, List<RelDataType> operandTypes,
            List<SqlTypeFamily> expectedFamilies) {
        SqlCall call = binding.getCall();
        if (call.getKind() == SqlKind.MINUS_PREFIX && operandTypes.size() == 1) {
            checkNegation(call, operandTypes.get(0));
        }
        if (!(call.getOperator() instanceof org.apache.calcite.sql.SqlFunction) || ANY_ARGUMENTS.contains(call.getOperator().getName())) {
            return super.builtinFunctionCoercion(binding, operandTypes, expectedFamilies); // operators: see checkOperator
        }
        for (int i = 0; i < operandTypes.size() && i < expectedFamilies.size() && i < call.operandCount(); i++) {
            Category has = category(operandTypes.get(i));
            Category wants = category(expectedFamilies.get(i));
            if (has != null && wants != null && has != wants && !unknown(call.operand(i))) {
                StringBuilder sig = new StringBuilder(call.getOperator().getName().toLowerCase(Locale.ROOT)).append('(');
                for (int j = 0; j < operandTypes.size(); j++) {
                    sig.append(j > 0 ? ", " : "").append(pgName(operandTypes.get(j)));
                }
                throw new Refusal(call.getParserPosition(), ErrorCode.UNDEFINED_FUNCTION_1, sig.append(')').toString());
            }
        }
        return super.builtinFunctionCoercion(binding, operandTypes, expectedFamilies);
    }

    @Override
    public boolean caseWhenCoercion(SqlCallBinding binding) {
        checkCase(binding);
        return super.caseWhenCoercion(binding);
    }

    private void checkCase(SqlCallBinding binding) {
        SqlCase c = (SqlCase) binding.getCall();
        boolean coalesce = isCoalesce(c);
        List<SqlNode> branches = new ArrayList<>();
        if (c.getElseOperand() != null && !coalesce) {
            branches.add(c.getElseOperand()); // first, as PostgreSQL names the types
        }
        branches.addAll(c.getThenOperands().getList());
        if (c.getElseOperand() != null && coalesce) {
            branches.add(c.getElseOperand());
        }
        List<RelDataType> types = new ArrayList<>();
        for (SqlNode b : branches) {
            types.add(validator.deriveType(binding.getScope(), b));
        }
        checkMatch(coalesce ? "COALESCE" : "CASE", c.getParserPosition(), branches, types);
    }

    /**
     * True if {@code c} is the CASE Calcite rewrites {@code COALESCE(a, b, ...)} to: {@code CASE
     * WHEN a IS NOT NULL THEN a ...}.
     */
    private static boolean isCoalesce(SqlCase c) {
        List<SqlNode> whens = c.getWhenOperands().getList();
        List<SqlNode> thens = c.getThenOperands().getList();
        for (int i = 0; i < whens.size(); i++) {
            SqlNode w = whens.get(i);
            if (w.getKind() != SqlKind.IS_NOT_NULL
                    || !text(((SqlCall) w).operand(0)).equals(text(thens.get(i)))) {
                return false;
            }
        }
        return !whens.isEmpty();
    }

    /** {@code n} as text without quotes (the rewrite's copies print with and without them). */
    private static String text(SqlNode n) {
        return n.toString().replace("`", "");
    }

    @Override
    public boolean caseOrEquivalentCoercion(SqlCallBinding binding) {
        SqlCall call = binding.getCall();
        if (call instanceof SqlCase) {
            checkCase(binding); // COALESCE and NULLIF are CASEs by now
        } else {
            List<SqlNode> operands = call.getOperandList();
            List<RelDataType> types = new ArrayList<>();
            for (int i = 0; i < operands.size(); i++) {
                types.add(binding.getOperandType(i));
            }
            checkMatch(call.getOperator().getName().toUpperCase(Locale.ROOT), call.getParserPosition(), operands, types);
        }
        return super.caseOrEquivalentCoercion(binding);
    }

    /**
     * The common type of set operation columns, VALUES rows, CASE branches and IN lists. A CHAR
     * here is (almost always) a string literal, PostgreSQL's {@code unknown}, which takes the type
     * of the others: {@code SELECT 1 UNION SELECT '2'} is an integer column, as in PostgreSQL
     * (Calcite would make it text). A CHAR column mixed with numbers is read so too, where
     * PostgreSQL would refuse the mix.
     */
    @Override
    public RelDataType getWiderTypeFor(List<RelDataType> typeList, boolean stringPromotion) {
        List<RelDataType> typed = new ArrayList<>();
        boolean literalStrings = false;
        for (RelDataType t : typeList) {
            if (t.getSqlTypeName() == SqlTypeName.CHAR) {
                literalStrings = true;
            } else {
                typed.add(t);
            }
        }
        if (literalStrings && !typed.isEmpty()) {
            Category c = null;
            boolean oneCategory = true;
            for (RelDataType t : typed) {
                Category k = category(t);
                oneCategory &= k != null && k != Category.STRING && (c == null || c == k);
                c = k;
            }
            if (oneCategory) {
                RelDataType wider = typed.size() == 1 ? typed.get(0) : super.getWiderTypeFor(typed, stringPromotion);
                if (wider != null) {
                    boolean nullable = false;
                    for (RelDataType t : typeList) {
                        nullable |= t.isNullable();
                    }
                    return factory.createTypeWithNullability(wider, nullable);
                }
            }
        }
        return super.getWiderTypeFor(typeList, stringPromotion);
    }

    /**
     * Refuses to coerce a column of a set operation (or VALUES) to a type of another category,
     * unless the values there are unknown (string literals, NULL).
     */
    @Override
    public boolean rowTypeCoercion(SqlValidatorScope scope, SqlNode query, int columnIndex, RelDataType targetType) {
        List<SqlNode> nodes = new ArrayList<>();
        List<RelDataType> types = new ArrayList<>();
        column(query, columnIndex, nodes, types);
        Category target = category(targetType);
        for (int i = 0; i < nodes.size(); i++) {
            Category c = category(types.get(i));
            if (target != null && c != null && c != target && !unknown(nodes.get(i))) {
                throw new Refusal(nodes.get(i).getParserPosition(), ErrorCode.TYPES_CANNOT_BE_MATCHED_3,
                        setOperation(query), pgName(types.get(i)), pgName(targetType));
            }
        }
        return super.rowTypeCoercion(scope, query, columnIndex, targetType);
    }

    /** The name of the set operation {@code query} is an operand of in the statement. */
    private String setOperation(SqlNode query) {
        if (query.getKind() == SqlKind.VALUES) {
            return "VALUES";
        }
        SqlCall parent = parentOf(statement.get(), query);
        return parent == null ? "UNION" : parent.getKind().sql.toUpperCase(Locale.ROOT);
    }

    /** The set operation call among whose operands {@code child} is (by identity), or null. */
    private static SqlCall parentOf(SqlNode root, SqlNode child) {
        java.util.ArrayDeque<SqlNode> todo = new java.util.ArrayDeque<>();
        if (root != null) {
            todo.push(root);
        }
        while (!todo.isEmpty()) {
            SqlNode n = todo.pop();
            if (!(n instanceof SqlCall)) {
                if (n instanceof SqlNodeList) {
                    for (SqlNode e : (SqlNodeList) n) {
                        if (e != null) {
                            todo.push(e);
                        }
                    }
                }
                continue;
            }
            SqlCall call = (SqlCall) n;
            for (SqlNode operand : call.getOperandList()) {
                if (operand == child && SET_OPERATIONS.contains(call.getKind())) {
                    return call;
                }
                if (operand != null) {
                    todo.push(operand);
                }
            }
        }
        return null;
    }

    @Override
    public boolean inOperationCoercion(SqlCallBinding binding) {
        SqlCall call = binding.getCall();
        SqlNode left = call.operand(0);
        SqlNode right = call.operand(1);
        if (right instanceof SqlNodeList && !(left instanceof SqlNodeList) && !unknown(left)) {
            RelDataType lt = validator.deriveType(binding.getScope(), left);
            for (SqlNode r : (SqlNodeList) right) {
                RelDataType rt = validator.deriveType(binding.getScope(), r);
                Category a = category(lt);
                Category b = category(rt);
                if (a != null && b != null && a != b && !unknown(r)) {
                    throw new Refusal(r.getParserPosition(), ErrorCode.UNDEFINED_OPERATOR_1, pgName(lt) + " = " + pgName(rt));
                }
            }
        }
        return super.inOperationCoercion(binding);
    }

    /** The expressions (and their types) that make column {@code i} of {@code query}. */
    private void column(SqlNode query, int i, List<SqlNode> nodes, List<RelDataType> types) {
        switch (query.getKind()) {
            case UNION:
            case INTERSECT:
            case EXCEPT:
                for (SqlNode operand : ((SqlCall) query).getOperandList()) {
                    column(operand, i, nodes, types);
                }
                return;
            case SELECT: {
                SqlNodeList list = ((SqlSelect) query).getSelectList();
                RelDataType row = validator.getValidatedNodeTypeIfKnown(query);
                if (list != null && row != null && i < list.size() && i < row.getFieldCount()) {
                    nodes.add(stripAlias(list.get(i)));
                    types.add(row.getFieldList().get(i).getType());
                }
                return;
            }
            case VALUES:
                for (SqlNode r : ((SqlCall) query).getOperandList()) {
                    if (r instanceof SqlCall && i < ((SqlCall) r).operandCount()) {
                        SqlNode v = ((SqlCall) r).operand(i);
                        RelDataType t = validator.getValidatedNodeTypeIfKnown(v);
                        if (t != null) {
                            nodes.add(v);
                            types.add(t);
                        }
                    }
                }
                return;
            default:
                return; // a table, a subquery in another shape: not looked into
        }
    }

    private static SqlNode stripAlias(SqlNode n) {
        return n.getKind() == SqlKind.AS ? ((SqlCall) n).operand(0) : n;
    }

    /** Refuses an operator whose two operands are of different categories, neither unknown. */
    private void checkOperator(SqlCallBinding binding) {
        if (binding.getOperandCount() != 2 || !OPERATORS.contains(binding.getOperator().getKind())) {
            return;
        }
        SqlCall call = binding.getCall();
        RelDataType l = binding.getOperandType(0);
        RelDataType r = binding.getOperandType(1);
        Category a = category(l);
        Category b = category(r);
        if (a == null || b == null || a == b || unknown(call.operand(0)) || unknown(call.operand(1))) {
            return;
        }
        if (a == Category.DATETIME && b == Category.NUMBER || a == Category.NUMBER && b == Category.DATETIME) {
            return; // date + integer and the like: Calcite's operators decide
        }
        throw new Refusal(call.getParserPosition(), ErrorCode.UNDEFINED_OPERATOR_1,
                pgName(l) + " " + call.getOperator().getName() + " " + pgName(r));
    }

    /**
     * Refuses unary minus on a typed string, boolean or date/time value, as PostgreSQL does
     * ({@code operator does not exist: - text}); an untyped literal ({@code - '3'}) is read as a
     * number, and intervals negate.
     */
    private static void checkNegation(SqlCall call, RelDataType operand) {
        Category c = category(operand);
        if (c != null && c != Category.NUMBER && !unknown(call.operand(0))) {
            throw new Refusal(call.getParserPosition(), ErrorCode.UNDEFINED_OPERATOR_1, "- " + pgName(operand));
        }
    }

    /** Refuses values of different categories, neither unknown, that must meet in one type. */
    private static void checkMatch(String what, SqlParserPos pos, List<SqlNode> nodes, List<RelDataType> types) {
        RelDataType first = null;
        for (int i = 0; i < nodes.size(); i++) {
            Category c = category(types.get(i));
            if (c == null || unknown(nodes.get(i))) {
                continue;
            }
            if (first == null) {
                first = types.get(i);
            } else if (category(first) != c) {
                throw new Refusal(pos, ErrorCode.TYPES_CANNOT_BE_MATCHED_3, what, pgName(first), pgName(types.get(i)));
            }
        }
    }

    /** PostgreSQL's {@code unknown}: a string literal, NULL, or a parameter. */
    private static boolean unknown(SqlNode n) {
        if (n instanceof SqlDynamicParam) {
            return true;
        }
        if (n instanceof SqlLiteral) {
            SqlTypeName t = ((SqlLiteral) n).getTypeName();
            return t == SqlTypeName.CHAR || t == SqlTypeName.NULL;
        }
        return false;
    }

    private static Category category(SqlTypeFamily f) {
        if (f == null) {
            return null;
        }
        switch (f) {
            case NUMERIC:
            case INTEGER:
            case EXACT_NUMERIC:
            case APPROXIMATE_NUMERIC:
            case DECIMAL:
                return Category.NUMBER;
            case CHARACTER:
            case STRING:
                return Category.STRING;
            case BOOLEAN:
                return Category.BOOLEAN;
            default:
                return null;
        }
    }

    private static Category category(RelDataType t) {
        switch (t.getSqlTypeName()) {
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case BIGINT:
            case DECIMAL:
            case FLOAT:
            case REAL:
            case DOUBLE:
                return Category.NUMBER;
            case CHAR:
            case VARCHAR:
                return Category.STRING;
            case BOOLEAN:
                return Category.BOOLEAN;
            case DATE:
            case TIME:
            case TIMESTAMP:
                return Category.DATETIME;
            default:
                return null;
        }
    }

    /** The name PostgreSQL gives {@code t} in its messages. */
    static String pgName(RelDataType t) {
        switch (t.getSqlTypeName()) {
            case TINYINT:
            case SMALLINT:
                return "smallint";
            case INTEGER:
                return "integer";
            case BIGINT:
                return "bigint";
            case DECIMAL:
                return "numeric";
            case REAL:
                return "real";
            case FLOAT:
            case DOUBLE:
                return "double precision";
            case CHAR:
                return "character";
            case VARCHAR:
                return t.getPrecision() > 0 && t.getPrecision() < Integer.MAX_VALUE ? "character varying" : "text";
            case BOOLEAN:
                return "boolean";
            case DATE:
                return "date";
            case TIME:
                return "time without time zone";
            case TIMESTAMP:
                return "timestamp without time zone";
            default:
                return t.getSqlTypeName().getName().toLowerCase(Locale.ROOT);
        }
    }
}
