package dev.spindle.planner.calcite;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.Sets;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCollation;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.fun.SqlBetweenOperator;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.fun.SqlCastFunction;
import org.apache.calcite.sql.fun.SqlInOperator;
import org.apache.calcite.sql.fun.SqlInternalOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.SqlOperandTypeInference;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.implicit.TypeCoercion;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.util.Litmus;

/**
 * The expressions of {@link DirectConversion}'s queries, converted over one scope (its FROM's
 * tables, or an aggregation's output) as Calcite's validation and conversion would convert them:
 * columns, exact literals and shape slots, arithmetic, unary signs, comparisons (numbers of
 * different types brought to the validator's common type), {@code [NOT] BETWEEN}, {@code [NOT] IN}
 * lists, {@code AND OR NOT}, {@code IS [NOT] NULL}, {@code CASE} (and {@code NULLIF}, {@code COALESCE}
 * as the validator rewrites them), {@code abs}, {@code CAST} to INTEGER or BIGINT
 * (of a number or of NULL), and in a {@code WHERE} condition NULL literals typed as the
 * validator's operand type inference types them; null for anything else, which sends the whole
 * query to Calcite.
 *
 * <p>Thread-safety: not thread-safe; one per query being converted.
 */
final class DirectExpressions {
    private static final Set<SqlKind> ARITHMETIC = Set.of(SqlKind.PLUS, SqlKind.MINUS, SqlKind.TIMES, SqlKind.DIVIDE);
    private static final Set<SqlKind> COMPARISON = Set.of(SqlKind.EQUALS, SqlKind.NOT_EQUALS, SqlKind.LESS_THAN,
            SqlKind.LESS_THAN_OR_EQUAL, SqlKind.GREATER_THAN, SqlKind.GREATER_THAN_OR_EQUAL);
    /** The operators a NULL literal may be an operand of (see {@link #convertCondition}). */
    private static final Set<SqlKind> TAKE_NULL = Sets.union(COMPARISON,
            Set.of(SqlKind.BETWEEN, SqlKind.IS_NULL, SqlKind.IS_NOT_NULL, SqlKind.AND, SqlKind.OR, SqlKind.NOT)).immutableCopy();

    /** The inferred type that stands for an inference this class does not follow (see {@link #convert(SqlNode, RelDataType)}). */
    private final RelDataType opaque;
    /** Whether a WHERE condition is being converted ({@link #convertCondition}). */
    private boolean condition;
    private final DirectConversion.Scope scope;
    final RexBuilder rex;
    private final RelOptCluster cluster;
    final CalciteCatalogReader reader;
    final SqlOperatorTable operators;
    /** The validator's implicit coercion: the type two compared operands of different types meet in. */
    private final TypeCoercion coercion;
    /**
     * In an aggregated select list: the aggregation's output, its group columns (column index
     * of the input → field of the output) and its aggregate calls' values; null otherwise.
     */
    private RelNode aggregate;
    private Map<Integer, Integer> groups;
    private Map<SqlNode, RexNode> aggregates;

    /** From now on, converts over {@code aggregate}'s output (the select list of an aggregation). */
    void aggregated(RelNode aggregate, Map<Integer, Integer> groups, Map<SqlNode, RexNode> aggregates) {
        this.aggregate = aggregate;
        this.groups = groups;
        this.aggregates = aggregates;
    }

    /** Where names of this query's WHERE its FROM does not resolve may, and its subqueries' names of its columns. */
    private final DirectCorrelation correlation;

    DirectExpressions(DirectConversion.Scope scope, DirectCorrelation.Outer outer, RelOptCluster cluster,
            CalciteCatalogReader reader, SqlOperatorTable operators, TypeCoercion coercion) {
        this.scope = scope;
        this.correlation = new DirectCorrelation(scope, outer, cluster);
        this.cluster = cluster;
        this.rex = cluster.getRexBuilder();
        this.reader = reader;
        this.operators = operators;
        this.coercion = coercion;
        this.opaque = rex.getTypeFactory().createSqlType(SqlTypeName.SYMBOL);
    }

    /** The correlation variables this query's subqueries made for its columns, in the order they were made. */
    List<CorrelationId> correlations() {
        return correlation.made();
    }

    /**
     * {@code query}, a subquery of this query, converted on its own, its names of this query's
     * columns made correlation variables; its relational expression with those made one, as
     * conversion's {@code getCorrelationUse} leaves it; null if it is outside the subset.
     */
    private RelNode subquery(SqlSelect query) {
        if (query.getOrderList() != null && query.getOrderList().size() > 0) {
            return null;
        }
        RelRoot root = DirectConversion.tryConvert(query, reader, cluster, operators, coercion,
                correlation.forSubqueries());
        if (root == null || !root.isRefTrivial()) {
            return null;
        }
        DirectCorrelation.Use use = DirectCorrelation.use(root.rel, correlations(), rex);
        return use == null ? root.rel : use.rel();
    }

    /** {@code node} converted where the validator infers nothing for it (a select item, an aggregate's argument). */
    RexNode convert(SqlNode node) {
        return convert(node, null);
    }

    /**
     * A {@code WHERE} condition converted: the one place NULL literals are taken (the validator
     * infers their types before it derives the condition's; in a select list it derives first,
     * and what its coercion then makes of an untyped NULL is left to it), and only as operands
     * of comparisons, {@code BETWEEN}, {@code IN} lists, {@code IS [NOT] NULL}, {@code AND},
     * {@code OR} and {@code NOT}, or the condition itself.
     */
    RexNode convertCondition(SqlNode where) {
        condition = true;
        try {
            return convert(where, rex.getTypeFactory().createSqlType(SqlTypeName.BOOLEAN));
        } finally {
            condition = false;
        }
    }

    /**
     * {@code node} converted, {@code inferred} the type the validator's {@code inferUnknownTypes}
     * carries down to it (null: unknown; {@link #opaque}: an operator whose inference this does not
     * follow), which only a {@code NULL} literal takes: a null literal of that type, nullable, as
     * conversion converts it; of the NULL type where nothing is inferred.
     */
    RexNode convert(SqlNode node, RelDataType inferred) {
        if (SqlUtil.isNullLiteral(node, false)) {
            if (!condition || inferred == opaque) {
                return null;
            }
            if (inferred == null) {
                return untypedNull();
            }
            RelDataType type = rex.getTypeFactory().createTypeWithNullability(inferred, true);
            if (SqlTypeUtil.inCharFamily(type)) { // as inferUnknownTypes gives it
                type = rex.getTypeFactory().createTypeWithCharsetAndCollation(type,
                        type.getCharset() == null ? rex.getTypeFactory().getDefaultCharset() : type.getCharset(),
                        type.getCollation() == null ? SqlCollation.IMPLICIT : type.getCollation());
            }
            return rex.makeNullLiteral(type);
        }
        if (node instanceof SqlIdentifier) {
            return column((SqlIdentifier) node);
        }
        if (node instanceof SqlNumericLiteral) {
            SqlNumericLiteral literal = (SqlNumericLiteral) node;
            RelDataType type = literal.createSqlType(rex.getTypeFactory());
            return exactInteger(type) || type.getSqlTypeName() == SqlTypeName.DECIMAL
                    ? rex.makeExactLiteral(literal.getValueAs(BigDecimal.class), type) : null;
        }
        if (node.getKind() == SqlKind.EXISTS) {
            return exists((SqlCall) node);
        }
        if (node instanceof SqlBasicCall) {
            return call((SqlBasicCall) node, inferred);
        }
        if (node instanceof SqlCase) {
            return searchedCase((SqlCase) node);
        }
        if (node instanceof SqlSelect) {
            return scalarQuery((SqlSelect) node);
        }
        return null;
    }

    /**
     * A scalar subquery {@code (SELECT ...)} (the validator wraps a query that is an operand or an
     * item of a list in {@code $SCALAR_QUERY}), as conversion makes it without expanding it:
     * {@code RexSubQuery.scalar} of the query converted on its own ({@link #subquery}: its WHERE
     * may name this query's columns), of its one column's type made nullable; the planner's
     * subquery rules and the decorrelator then join it in, checking that it gives at most one
     * row. Not ordered, and not in an aggregated select list (conversion registers those apart
     * from the aggregation).
     */
    private RexNode scalarQuery(SqlSelect query) {
        RelNode rel = aggregate == null ? subquery(query) : null;
        if (rel == null || rel.getRowType().getFieldCount() != 1 || !allowed(rel.getRowType().getFieldList().get(0).getType())) {
            return null;
        }
        return RexSubQuery.scalar(rel);
    }

    /**
     * {@code EXISTS (SELECT ...)}, as conversion makes it without expanding it: {@code
     * RexSubQuery.exists} of the query's relational expression without its projections.
     */
    private RexNode exists(SqlCall call) {
        if (aggregate != null || call.operandCount() != 1 || !(call.operand(0) instanceof SqlSelect)) {
            return null;
        }
        RelNode rel = subquery((SqlSelect) call.operand(0));
        if (rel == null) {
            return null;
        }
        while (rel instanceof Project) { // (no Sort: ordered subqueries are not taken)
            rel = ((Project) rel).getInput();
        }
        return RexSubQuery.exists(rel);
    }

    /**
     * A {@code CASE} (the parser makes every one a searched one, {@code ELSE NULL} where there is
     * no {@code ELSE}) whose results are numbers, booleans or NULL literals, as conversion's
     * {@code convertCase} makes it: the NULL results as NULL-typed literals, the type the
     * operator derives from the converted results (the validator's least restrictive one: none
     * sends it to Calcite), every result brought to it. NULL literals elsewhere in it, and
     * {@code WHEN x IS NOT NULL THEN x} (the validator types that result NOT NULL), are left
     * to Calcite.
     */
    private RexNode searchedCase(SqlCase call) {
        if (call.getValueOperand() != null || call.getElseOperand() == null) {
            return null;
        }
        boolean outer = condition;
        condition = false;
        try {
            RelDataType bool = rex.getTypeFactory().createSqlType(SqlTypeName.BOOLEAN);
            List<RexNode> exprs = new ArrayList<>();
            List<RelDataType> results = new ArrayList<>();
            SqlNodeList whens = call.getWhenOperands();
            SqlNodeList thens = call.getThenOperands();
            for (int i = 0; i < whens.size(); i++) {
                SqlNode when = whens.get(i);
                if (when.getKind() == SqlKind.IS_NOT_NULL
                        && ((SqlBasicCall) when).operand(0).equalsDeep(thens.get(i), Litmus.IGNORE)) {
                    return null;
                }
                RexNode w = convert(when, bool);
                if (w == null || w.getType().getSqlTypeName() != SqlTypeName.BOOLEAN || !result(thens.get(i), exprs, results, w)) {
                    return null;
                }
            }
            if (!result(call.getElseOperand(), exprs, results, null)) {
                return null;
            }
            if (results.isEmpty() || rex.getTypeFactory().leastRestrictive(results) == null) {
                return null;
            }
            RelDataType type = rex.deriveReturnType(SqlStdOperatorTable.CASE, exprs);
            if (!allowed(type)) {
                return null;
            }
            for (int i = 1; i < exprs.size(); i += 2) { // the results: THENs at odd places, ELSE last
                exprs.set(i, rex.ensureType(call.getParserPosition(), type, exprs.get(i), false));
            }
            int last = exprs.size() - 1;
            exprs.set(last, rex.ensureType(call.getParserPosition(), type, exprs.get(last), false));
            return rex.makeCall(call.getParserPosition(), type, SqlStdOperatorTable.CASE, exprs);
        } finally {
            condition = outer;
        }
    }

    /**
     * The operator the validator's first rewrite puts in place of a function the parser left
     * unresolved: the one overload of its name, if there is exactly one; else null.
     */
    private SqlOperator resolved(SqlUnresolvedFunction function) {
        List<SqlOperator> overloads = new ArrayList<>();
        operators.lookupOperatorOverloads(function.getNameAsId(), function.getFunctionType(), SqlSyntax.FUNCTION,
                overloads, reader.nameMatcher());
        return overloads.size() == 1 ? overloads.get(0) : null;
    }

    /**
     * The CASE the validator rewrites {@code NULLIF(x, y)} and {@code COALESCE(x, ..., z)} into
     * before validating it ({@code CASE WHEN x = y THEN NULL ELSE x END}; {@code CASE WHEN x IS
     * NOT NULL THEN CAST NOT NULL(x) ... ELSE z END}), or null for other operand counts.
     */
    private static SqlCase caseOf(SqlBasicCall call, SqlKind kind) {
        SqlParserPos pos = call.getParserPosition();
        List<SqlNode> operands = call.getOperandList();
        if (call.getFunctionQuantifier() != null || operands.size() < 2 || kind == SqlKind.NULLIF && operands.size() != 2) {
            return null;
        }
        SqlNodeList whens = new SqlNodeList(pos);
        SqlNodeList thens = new SqlNodeList(pos);
        if (kind == SqlKind.NULLIF) {
            whens.add(operands.get(1));
            thens.add(SqlLiteral.createNull(SqlParserPos.ZERO));
            return SqlCase.createSwitched(pos, operands.get(0), whens, thens, SqlNode.clone(operands.get(0)));
        }
        for (SqlNode operand : operands.subList(0, operands.size() - 1)) {
            whens.add(SqlStdOperatorTable.IS_NOT_NULL.createCall(pos, operand));
            thens.add(SqlInternalOperators.CAST_NOT_NULL.createCall(pos, SqlNode.clone(operand)));
        }
        return SqlCase.createSwitched(pos, null, whens, thens, operands.get(operands.size() - 1));
    }

    /**
     * Adds {@code when} (unless null) and the converted {@code result} to a CASE's operands, and
     * the result's type (unless a NULL literal) to {@code results}; false if it is not one this
     * subset takes.
     */
    private boolean result(SqlNode result, List<RexNode> exprs, List<RelDataType> results, RexNode when) {
        if (when != null) {
            exprs.add(when);
        }
        if (SqlUtil.isNullLiteral(result, false)) {
            exprs.add(untypedNull());
            return true;
        }
        RexNode r = convert(result);
        if (r == null || !allowed(r.getType())) {
            return false;
        }
        exprs.add(r);
        results.add(r.getType());
        return true;
    }

    /**
     * The operands of {@code call} converted, each with the type {@code written}'s operand type
     * inference gives it as the validator applies it: the first operand's own type to all
     * ({@code FIRST_KNOWN}; the first operand's is never unknown here, a NULL literal's being the
     * NULL type), the call's ({@code RETURN_TYPE}), BOOLEAN, VARCHAR(1024), or none; a NULL
     * literal under any other inference sends the query to Calcite. Null if an operand is not
     * converted.
     */
    private List<RexNode> operands(SqlBasicCall call, SqlOperator written, RelDataType inferred) {
        SqlOperandTypeInference inference = written.getOperandTypeInference();
        List<RexNode> operands = new ArrayList<>(call.operandCount());
        RelDataType each;
        if (!TAKE_NULL.contains(call.getKind())) {
            each = opaque; // the operands' own types, a NULL literal not taken
        } else if (inference == null) {
            each = null;
        } else if (inference == InferTypes.RETURN_TYPE) {
            each = inferred;
        } else if (inference == InferTypes.BOOLEAN) {
            each = rex.getTypeFactory().createSqlType(SqlTypeName.BOOLEAN);
        } else if (inference == InferTypes.VARCHAR_1024) {
            each = rex.getTypeFactory().createSqlType(SqlTypeName.VARCHAR, 1024);
        } else if (inference == InferTypes.FIRST_KNOWN) {
            RexNode first = convert(call.operand(0), null);
            if (first == null) {
                return null;
            }
            operands.add(first);
            each = first.getType();
        } else {
            each = opaque;
        }
        for (int i = operands.size(); i < call.operandCount(); i++) {
            RexNode e = convert(call.operand(i), each);
            if (e == null) {
                return null;
            }
            operands.add(e);
        }
        return operands;
    }

    /** A column of any type: what reads it checks its type (operators take numbers and booleans only). */
    private RexNode column(SqlIdentifier id) {
        RelDataTypeField f = field(id);
        if (f == null) {
            return condition && aggregate == null ? correlation.resolve(id) : null;
        }
        if (aggregate != null) {
            Integer g = groups.get(f.getIndex());
            return g == null ? null : rex.makeInputRef(aggregate, g); // else "not being grouped"
        }
        return rex.makeInputRef(f.getType(), f.getIndex());
    }

    /** The input's field {@code id} names, or null. */
    RelDataTypeField field(SqlIdentifier id) {
        return field(scope, id);
    }

    /** The field of {@code scope}'s row type {@code id} names, or null. */
    static RelDataTypeField field(DirectConversion.Scope scope, SqlIdentifier id) {
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

    private RexNode call(SqlBasicCall call, RelDataType inferred) {
        if (aggregates != null) {
            RexNode registered = aggregates.get(call);
            if (registered != null) {
                return registered;
            }
            for (Map.Entry<SqlNode, RexNode> e : aggregates.entrySet()) {
                if (e.getKey().equalsDeep(call, Litmus.IGNORE)) {
                    return e.getValue(); // a copy the validator's rewrite made (COALESCE's CAST NOT NULL(x))
                }
            }
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
        SqlOperator rewriting = written instanceof SqlUnresolvedFunction ? resolved((SqlUnresolvedFunction) written) : written;
        if (rewriting == SqlStdOperatorTable.NULLIF || rewriting == SqlStdOperatorTable.COALESCE) {
            SqlCase rewritten = caseOf(call, rewriting.getKind());
            return rewritten == null ? null : searchedCase(rewritten);
        }
        if (kind == SqlKind.CAST_NOT_NULL) { // in a COALESCE's CASE: its convertlet
            RexNode operand = convert(call.operand(0));
            return operand == null ? null
                    : rex.makeCast(rex.getTypeFactory().createTypeWithNullability(operand.getType(), false), operand);
        }
        if (kind == SqlKind.BETWEEN) {
            return between(call);
        }
        if (kind == SqlKind.IN || kind == SqlKind.NOT_IN) {
            return in(call);
        }
        List<RexNode> operands = operands(call, written, inferred);
        if (operands == null) {
            return null;
        }
        if (kind == SqlKind.OTHER_FUNCTION ? !absolute(written, operands) : !typesFit(kind, operands)) {
            return null;
        }
        if (COMPARISON.contains(kind)) {
            coerceToCommonType(call, operands);
            consistent(call, operands);
        }
        if (kind == SqlKind.PLUS_PREFIX) {
            // conversion expands the parser's "+ x" into x (Calcite's convertlet); where the
            // validator has put Spindle's identity operator in its place, the projection's
            // simplification removes it
            return operands.get(0);
        }
        List<RelDataType> types = RexUtil.types(operands);
        SqlOperator op = routine(written, types);
        if (op == null || op.getKind() != kind) {
            return null;
        }
        RelDataType type = rex.deriveReturnType(op, operands);
        return allowed(type) ? rex.makeCall(call.getParserPosition(), type, op, RexUtil.flatten(operands, op)) : null;
    }

    /** What the validator's lookup resolves {@code written} to over operands of {@code types}; memoized. */
    private SqlOperator routine(SqlOperator written, List<RelDataType> types) {
        Routine key = new Routine(operators, written.getName(), written.getSyntax(), written.getKind(), types);
        SqlOperator op = ROUTINES.get(key);
        if (op == null) {
            op = SqlUtil.lookupRoutine(operators, rex.getTypeFactory(), written.getNameAsId(), types, null,
                    null, written.getSyntax(), written.getKind(), reader.nameMatcher(), false);
            if (op != null && ROUTINES.size() < MAX_ROUTINES) {
                ROUTINES.put(key, op);
            }
        }
        return op;
    }

    /**
     * An operator looked up by name, syntax and kind over operand types (interned by the type
     * factory, so equal types are equal keys). The lookup reads only the immutable operator table
     * and the reader's name matcher (case-insensitive for every reader of SqlPlanner's), so its
     * answer for a key never changes.
     */
    private record Routine(SqlOperatorTable table, String name, SqlSyntax syntax, SqlKind kind, List<RelDataType> types) {
    }

    /** Operators resolved so far, shared by every conversion (about 0.9 s of lookups in a corpus run). */
    private static final Map<Routine, SqlOperator> ROUTINES = new ConcurrentHashMap<>();
    private static final int MAX_ROUTINES = 4096;

    /**
     * Whether {@code function} is {@code abs} of one number: resolved, typed and converted as
     * any function is (no convertlet of its own), the validator's lookup finding it by name.
     */
    private static boolean absolute(SqlOperator function, List<RexNode> operands) {
        return function.getName().equalsIgnoreCase("ABS") && operands.size() == 1 && all(operands, SqlTypeName.DECIMAL);
    }

    /**
     * {@code CAST(x AS INTEGER | BIGINT)} of an exact integer {@code x}, as conversion's
     * {@code convertCast} makes it: the declared type NOT NULL unless {@code x} is nullable,
     * the builder's cast (which folds a literal), an unknown-typed NULL as the format. Of a
     * {@code NULL} literal: a null literal of the declared type, nullable (conversion gives the
     * literal the cast's type and converts it).
     */
    private RexNode cast(SqlBasicCall call) {
        if (call.operandCount() != 2 || !(call.operand(1) instanceof SqlDataTypeSpec)) {
            return null;
        }
        SqlDataTypeSpec spec = call.operand(1);
        if (!(spec.getTypeNameSpec() instanceof SqlBasicTypeNameSpec) || spec.getNullable() != null
                || ((SqlBasicTypeNameSpec) spec.getTypeNameSpec()).getPrecision() != RelDataType.PRECISION_NOT_SPECIFIED
                || !spec.getTypeNameSpec().getTypeName().isSimple()) {
            return null;
        }
        SqlTypeName target = SqlTypeName.get(spec.getTypeNameSpec().getTypeName().getSimple().toUpperCase(Locale.ROOT));
        if (target != SqlTypeName.INTEGER && target != SqlTypeName.BIGINT && target != SqlTypeName.REAL
                && target != SqlTypeName.DOUBLE) {
            return null;
        }
        if (SqlUtil.isNullLiteral(call.operand(0), false)) {
            return rex.makeNullLiteral(rex.getTypeFactory().createTypeWithNullability(rex.getTypeFactory().createSqlType(target), true));
        }
        RexNode arg = convert(call.operand(0));
        // an integer to any of the four; any number of the subset to REAL or DOUBLE
        if (arg == null || !(exactInteger(arg.getType()) || !exactInteger(rex.getTypeFactory().createSqlType(target))
                && number(arg.getType()))) {
            return null;
        }
        RelDataType type = SqlCastFunction.deriveType(rex.getTypeFactory(), arg.getType(),
                rex.getTypeFactory().createSqlType(target), false);
        return convertedCast(call.getParserPosition(), type, arg);
    }

    /** A cast as conversion's {@code convertCast} makes it: the builder's (which folds a literal), an unknown-typed NULL as the format. */
    private RexNode convertedCast(SqlParserPos pos, RelDataType type, RexNode operand) {
        return rex.makeCast(pos, type, operand, false, false, untypedNull());
    }

    /** A NULL literal of the NULL type: what conversion makes of a NULL it has no type for. */
    private RexLiteral untypedNull() {
        return rex.makeNullLiteral(rex.getTypeFactory().createSqlType(SqlTypeName.NULL));
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
        List<RexNode> operands = operands(call, call.getOperator(), null);
        if (operands == null || !all(operands, SqlTypeName.DECIMAL)) {
            return null;
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
        consistent(call, operands);
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
        if (call.getOperator() instanceof SqlInOperator && call.operandCount() == 2 && call.operand(1) instanceof SqlSelect
                && call.operand(0).getKind() != SqlKind.ROW) {
            return inQuery(call, (SqlSelect) call.operand(1));
        }
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
            RexNode e = convert(v, x.getType()); // FIRST_KNOWN: a NULL in the list takes x's type
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
     * {@code x [NOT] IN (SELECT ...)} in a {@code WHERE} condition, of a query this converts on
     * its own ({@link #subquery}: its WHERE may name this query's columns) whose one column is of
     * {@code x}'s type (the validator's coercion has nothing to do), as conversion makes it
     * without expanding it: {@code RexSubQuery.in} of the query's relational expression and
     * {@code x} (under {@code NOT}), which the planner's subquery rules then turn into a join.
     */
    private RexNode inQuery(SqlBasicCall call, SqlSelect query) {
        if (!condition || query.getOrderList() != null && query.getOrderList().size() > 0) {
            return null;
        }
        RexNode x = convert(call.operand(0));
        if (x == null || !allowed(x.getType())) {
            return null;
        }
        RelNode rel = subquery(query);
        if (rel == null || rel.getRowType().getFieldCount() != 1
                || !SqlTypeUtil.equalSansNullability(rex.getTypeFactory(), x.getType(),
                        rel.getRowType().getFieldList().get(0).getType())) {
            return null;
        }
        RexNode in = RexSubQuery.in(rel, ImmutableList.of(x));
        return call.getKind() == SqlKind.IN ? in : rex.makeCall(SqlStdOperatorTable.NOT, in);
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

    /**
     * As conversion makes a comparison's operands consistent (its operand checker's
     * {@code COMPARE}): operands of different type families (here: a NULL literal of the NULL type
     * among numbers) each made of their least restrictive type, keeping its nullability.
     */
    private void consistent(SqlBasicCall call, List<RexNode> operands) {
        List<RelDataType> types = RexUtil.types(operands);
        if (SqlTypeUtil.areSameFamily(types)) {
            return;
        }
        RelDataType type = rex.getTypeFactory().leastRestrictive(types);
        if (type != null) {
            operands.replaceAll(e -> rex.ensureType(call.getParserPosition(), type, e, true));
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
     * ({@link #number}) and a NULL literal of the NULL type (what an operator makes of it decides:
     * a result of the NULL type is not taken, see {@link #allowed}).
     */
    private static boolean all(List<RexNode> operands, SqlTypeName type) {
        for (RexNode o : operands) {
            if (type == SqlTypeName.DECIMAL ? !number(o.getType()) && o.getType().getSqlTypeName() != SqlTypeName.NULL
                    : o.getType().getSqlTypeName() != type) {
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

    /** Whether {@code type} is one of the numbers this subset takes: INTEGER, BIGINT, DECIMAL, REAL and DOUBLE. */
    static boolean number(RelDataType type) {
        SqlTypeName t = type.getSqlTypeName();
        return exactInteger(type) || t == SqlTypeName.DECIMAL || t == SqlTypeName.DOUBLE || t == SqlTypeName.REAL;
    }

    private static boolean allowed(RelDataType type) {
        return number(type) || type.getSqlTypeName() == SqlTypeName.BOOLEAN;
    }
}
