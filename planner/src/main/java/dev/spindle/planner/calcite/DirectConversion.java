package dev.spindle.planner.calcite;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.ViewExpanders;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalIntersect;
import org.apache.calcite.rel.logical.LogicalMinus;
import org.apache.calcite.rel.logical.LogicalSort;
import org.apache.calcite.rel.logical.LogicalUnion;
import org.apache.calcite.rel.logical.LogicalValues;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexSimplify;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.JoinConditionType;
import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSelectKeyword;
import org.apache.calcite.sql.SqlSetOperator;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.implicit.TypeCoercion;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * The relational expression of the simplest queries, built without Calcite's validator and
 * {@code SqlToRelConverter}: {@code SELECT [DISTINCT] items [FROM table [AS alias] [, | CROSS JOIN ...]] [WHERE
 * condition] [GROUP BY columns]} whose expressions are columns (of any type, as items of their
 * own), exact literals and shape slots of type INTEGER, BIGINT, DECIMAL, REAL or DOUBLE, combined with {@code + - * /}, unary {@code + -},
 * comparisons, {@code [NOT] BETWEEN}, {@code [NOT] IN} lists (compared numbers of different types
 * brought to the validator's common type), {@code AND OR NOT}, {@code IS [NOT] NULL},
 * {@code CASE}, {@code NULLIF}, {@code COALESCE}, {@code abs}, {@code CAST} to INTEGER, BIGINT, REAL or DOUBLE,
 * NULL literals and {@code IN (SELECT ...)} in a {@code WHERE}, scalar and {@code EXISTS}
 * subqueries, correlated through their {@code WHERE} with the enclosing query's FROM
 * ({@link DirectExpressions}, {@link DirectCorrelation}), queries in FROM under an alias, and aggregate calls of
 * numbers grouped by columns of any type ({@link DirectAggregation});
 * an {@code ORDER BY} of select-list ordinals over a select list without aggregates; and
 * {@code UNION | INTERSECT | EXCEPT [ALL]} of such queries whose columns have one type. Validating and converting such a
 * query through Calcite is most of the cost of an ad-hoc statement (SQLite's {@code random/}
 * files are tens of thousands of them, each a new shape); building it here takes the same steps
 * conversion takes (the same operator lookup, return-type derivation, {@code RelBuilder} calls,
 * filter simplification and aliases), so the result is the expression conversion would give,
 * which {@code DirectConversionProperties} checks against Calcite for random queries.
 *
 * <p>Anything outside that subset, and anything the validator would refuse (an unknown table or
 * column, a type error), gives null: the query goes to Calcite, which
 * plans it or reports the error.
 *
 * <p>Thread-safety: stateless; each call works on its own objects.
 */
final class DirectConversion {
    private DirectConversion() {
    }

    /** {@code query}'s relational expression as conversion would give it, or null if this cannot build it. */
    static RelRoot tryConvert(SqlNode query, CalciteCatalogReader reader, RelOptCluster cluster, SqlOperatorTable operators,
            TypeCoercion coercion) {
        return tryConvert(query, reader, cluster, operators, coercion, null);
    }

    /**
     * {@code query}, a subquery whose {@code WHERE} may name columns of {@code outer} (the
     * enclosing query's FROM) as conversion would give it, or null. Such a name becomes a field of
     * a new correlation variable, as conversion's {@code lookupExp} makes it; the enclosing query
     * then makes them one ({@link DirectCorrelation}).
     */
    static RelRoot tryConvert(SqlNode query, CalciteCatalogReader reader, RelOptCluster cluster, SqlOperatorTable operators,
            TypeCoercion coercion, DirectCorrelation.Outer outer) {
        SqlNodeList orderList = null;
        if (query instanceof SqlOrderBy) {
            // the parser's ORDER BY around a SELECT, which the validator moves into it
            SqlOrderBy orderBy = (SqlOrderBy) query;
            if (orderBy.offset != null || orderBy.fetch != null) {
                return null;
            }
            orderList = orderBy.orderList;
            query = orderBy.query;
        }
        if (SET_OPERATIONS.contains(query.getKind())) {
            return orderList == null ? setOperation((SqlCall) query, reader, cluster, operators, coercion) : null;
        }
        if (!(query instanceof SqlSelect)) {
            return null;
        }
        SqlSelect select = (SqlSelect) query;
        if (!plain(select)) {
            return null;
        }
        if (select.getOrderList() != null && select.getOrderList().size() > 0) {
            if (orderList != null) {
                return null;
            }
            orderList = select.getOrderList();
        }
        RelBuilder builder = RelFactories.LOGICAL_BUILDER.create(cluster, reader)
                .transform(SqlToRelConverter.config().getRelBuilderConfigTransform());
        Scope scope = from(select.getFrom(), reader, cluster, builder, operators, coercion);
        if (scope == null) {
            return null;
        }
        DirectExpressions ex = new DirectExpressions(scope, outer, cluster, reader, operators, coercion);
        RelNode root = scope.rel();
        if (select.getWhere() != null) {
            SqlNode where = pushDownNotForIn(select.getWhere());
            RexNode condition = where == null ? null : ex.convertCondition(where);
            if (condition == null || condition.getType().getSqlTypeName() != SqlTypeName.BOOLEAN) {
                return null;
            }
            condition = simplifyPredicate(condition, cluster.getRexBuilder());
            if (!condition.isAlwaysTrue()) {
                RelNode filter = RelFactories.DEFAULT_FILTER_FACTORY.createFilter(root, condition, ImmutableSet.of());
                DirectCorrelation.Use use = DirectCorrelation.use(filter, ex.correlations(), cluster.getRexBuilder());
                root = use == null ? filter : LogicalFilter.create(((Filter) use.rel()).getInput(),
                        ((Filter) use.rel()).getCondition(), ImmutableSet.of(use.id()));
            }
        }
        RelNode project;
        int width;
        List<RexNode> items = null; // the select list's expressions, where it is not aggregated
        List<String> names = new ArrayList<>(); // the validator's: the root's, duplicates kept
        if (select.getGroup() != null || DirectAggregation.hasAggregate(select.getSelectList())) {
            project = DirectAggregation.convert(select, scope, ex, root, builder, names);
            if (project == null) {
                return null;
            }
            width = select.getSelectList().size();
        } else {
            List<RexNode> exprs = new ArrayList<>();
            List<String> relNames = new ArrayList<>(); // conversion's: the projection's, unique
            Set<String> taken = new HashSet<>();
            for (SqlNode item : select.getSelectList()) {
                if (!selectItem(item, scope, ex, exprs, names, relNames, taken)) {
                    return null;
                }
            }
            project = builder.push(root).projectNamed(exprs, relNames, true).build();
            DirectCorrelation.Use use = DirectCorrelation.use(project, ex.correlations(), cluster.getRexBuilder());
            if (use != null) {
                if (!(use.rel() instanceof Project)) {
                    return null;
                }
                exprs = ((Project) use.rel()).getProjects();
                project = builder.push(root).projectNamed(exprs, relNames, true, ImmutableSet.of(use.id())).build();
            }
            width = exprs.size();
            items = exprs;
        }
        RelNode result = project;
        if (select.isDistinct()) {
            if (project instanceof LogicalProject
                    && new HashSet<>(((LogicalProject) project).getProjects()).size() != width) {
                // conversion groups on the distinct expressions (as the builder simplified them)
                // and projects the duplicates back; where the builder made no projection (a
                // projection of constants over one row is a row of values) it groups on every column
                return null;
            }
            ImmutableBitSet all = ImmutableBitSet.range(project.getRowType().getFieldCount());
            result = builder.push(project).aggregate(builder.groupKey(all, ImmutableList.of(all)),
                    ImmutableList.<org.apache.calcite.rel.core.AggregateCall>of()).build();
        }
        RelCollation collation = null;
        if (orderList != null && orderList.size() > 0) {
            collation = collation(orderList, items, cluster);
            if (collation == null) {
                return null;
            }
            result = LogicalSort.create(result, collation, null, null);
        }
        result = RelOptUtil.propagateRelHints(result, false);
        // the root's row type is the validator's: its names, where the relational expression's are unique
        List<RelDataType> types = new ArrayList<>();
        for (RelDataTypeField f : result.getRowType().getFieldList()) {
            types.add(f.getType());
        }
        if (types.size() != names.size()) {
            return null;
        }
        RelRoot converted = RelRoot.of(result, cluster.getTypeFactory().createStructType(types, names), SqlKind.SELECT);
        return collation == null ? converted : converted.withCollation(collation);
    }

    private static final Set<SqlKind> SET_OPERATIONS = Set.of(SqlKind.UNION, SqlKind.INTERSECT, SqlKind.EXCEPT);


    /**
     * {@code left UNION | INTERSECT | EXCEPT [ALL] right} of queries this converts, as conversion's
     * {@code convertSetOp} makes it (the set operation over each side's relational expression);
     * the root's row type is the validator's, the least restrictive of the two sides' (the left's
     * names). Null where a column's types differ by more than nullability on the two sides (the
     * validator's coercion decides those) and for anything else.
     */
    private static RelRoot setOperation(SqlCall call, CalciteCatalogReader reader, RelOptCluster cluster,
            SqlOperatorTable operators, TypeCoercion coercion) {
        if (call.operandCount() != 2 || !(call.getOperator() instanceof SqlSetOperator)
                || !(call.operand(0) instanceof SqlSelect || SET_OPERATIONS.contains(call.operand(0).getKind()))
                || !(call.operand(1) instanceof SqlSelect || SET_OPERATIONS.contains(call.operand(1).getKind()))) {
            return null;
        }
        RelRoot left = tryConvert(call.operand(0), reader, cluster, operators, coercion);
        RelRoot right = left == null ? null : tryConvert(call.operand(1), reader, cluster, operators, coercion);
        if (right == null || !left.collation.getFieldCollations().isEmpty() || !right.collation.getFieldCollations().isEmpty()) {
            return null;
        }
        List<RelDataTypeField> l = left.validatedRowType.getFieldList();
        List<RelDataTypeField> r = right.validatedRowType.getFieldList();
        if (l.size() != r.size()) {
            return null;
        }
        for (int i = 0; i < l.size(); i++) {
            if (!SqlTypeUtil.equalSansNullability(cluster.getTypeFactory(), l.get(i).getType(), r.get(i).getType())) {
                return null;
            }
        }
        RelDataType rowType = cluster.getTypeFactory().leastRestrictive(List.of(left.validatedRowType, right.validatedRowType));
        if (rowType == null) {
            return null;
        }
        boolean all = ((SqlSetOperator) call.getOperator()).isAll();
        List<RelNode> inputs = ImmutableList.of(left.project(), right.project());
        RelNode rel = switch (call.getKind()) {
            case UNION -> LogicalUnion.create(inputs, all);
            case INTERSECT -> LogicalIntersect.create(inputs, all);
            default -> LogicalMinus.create(inputs, all);
        };
        return RelRoot.of(rel, rowType, call.getKind());
    }

    /**
     * The collation of an {@code ORDER BY} of select-list ordinals ({@code [ASC | DESC] [NULLS
     * FIRST | LAST]}; NULLs sort high, so last ascending and first descending), as conversion
     * gathers it; null for anything else (names, expressions, an ordinal out of range, an
     * aggregated select list) and for an ordinal whose expression an earlier select item repeats,
     * which conversion resolves to the first of them by comparing the validator's expanded items.
     */
    private static RelCollation collation(SqlNodeList order, List<RexNode> items, RelOptCluster cluster) {
        if (items == null) {
            return null;
        }
        List<RelFieldCollation> fields = new ArrayList<>();
        for (SqlNode item : order) {
            RelFieldCollation.Direction direction = RelFieldCollation.Direction.ASCENDING;
            RelFieldCollation.NullDirection nulls = RelFieldCollation.NullDirection.UNSPECIFIED;
            while (item.getKind() == SqlKind.DESCENDING || item.getKind() == SqlKind.NULLS_FIRST
                    || item.getKind() == SqlKind.NULLS_LAST) {
                // the outermost of each kind wins, as conversion's recursion has it
                if (item.getKind() == SqlKind.DESCENDING) {
                    direction = RelFieldCollation.Direction.DESCENDING;
                } else if (nulls == RelFieldCollation.NullDirection.UNSPECIFIED) {
                    nulls = item.getKind() == SqlKind.NULLS_FIRST ? RelFieldCollation.NullDirection.FIRST
                            : RelFieldCollation.NullDirection.LAST;
                }
                item = ((SqlCall) item).operand(0);
            }
            if (!(item instanceof SqlNumericLiteral) || !((SqlNumericLiteral) item).isInteger()) {
                return null;
            }
            int ordinal = ((SqlNumericLiteral) item).intValue(false);
            if (ordinal < 1 || ordinal > items.size() || items.subList(0, ordinal - 1).contains(items.get(ordinal - 1))) {
                return null;
            }
            if (nulls == RelFieldCollation.NullDirection.UNSPECIFIED) {
                nulls = direction == RelFieldCollation.Direction.DESCENDING ? RelFieldCollation.NullDirection.FIRST
                        : RelFieldCollation.NullDirection.LAST;
            }
            fields.add(new RelFieldCollation(ordinal - 1, direction, nulls));
        }
        return cluster.traitSet().canonize(RelCollations.of(fields));
    }

    /** A SELECT without the clauses this does not convert. */
    private static boolean plain(SqlSelect select) {
        if (select.hasHints() || select.getHaving() != null || select.getQualify() != null
                || select.getOffset() != null || select.getFetch() != null
                || (select.getWindowList() != null && select.getWindowList().size() > 0)) {
            return false;
        }
        for (SqlNode keyword : select.getOperandList().get(0) instanceof SqlNodeList
                ? (SqlNodeList) select.getOperandList().get(0) : SqlNodeList.EMPTY) {
            Object k = keyword instanceof SqlLiteral ? ((SqlLiteral) keyword).getValue() : null;
            if (k != SqlSelectKeyword.DISTINCT && k != SqlSelectKeyword.ALL) {
                return false;
            }
        }
        return true;
    }

    /**
     * What names resolve against: the FROM items (tables under their aliases, left to right) and
     * their relational expression, or nothing (no FROM).
     */
    record Scope(RelNode rel, List<Item> items) {
        /** The row type names resolve in: the FROM's (a join's names made unique), null without a FROM. */
        RelDataType rowType() {
            return items.isEmpty() ? null : rel.getRowType();
        }
    }

    /** A table of the FROM: its alias (its name if none), its own row type, where its columns start. */
    record Item(String alias, RelDataType rowType, int offset) {
    }

    /**
     * The scope of a FROM of one table or a cross product (comma or {@code CROSS JOIN}), each table
     * with or without an alias: conversion joins them as the validator left them (a long comma list
     * balanced, see {@link CommaJoins}), each join a {@code RelBuilder} join on TRUE; null for
     * anything else and for a repeated alias.
     */
    private static Scope from(SqlNode from, CalciteCatalogReader reader, RelOptCluster cluster, RelBuilder builder,
            SqlOperatorTable operators, TypeCoercion coercion) {
        if (from == null) {
            return new Scope(LogicalValues.createOneRow(cluster), List.of());
        }
        List<Item> items = new ArrayList<>();
        // a long comma list is validated (and so converted) as the balanced tree ColumnQualifier makes of it
        RelNode rel = fromItem(CommaJoins.balanced(from, ColumnQualifier.MIN_ITEMS), reader, cluster, builder, items, 0,
                operators, coercion);
        if (rel == null) {
            return null;
        }
        Set<String> aliases = new HashSet<>();
        for (Item item : items) {
            if (!aliases.add(item.alias())) {
                return null; // the validator refuses a relation named twice
            }
        }
        return new Scope(rel, items);
    }

    private static RelNode fromItem(SqlNode from, CalciteCatalogReader reader, RelOptCluster cluster, RelBuilder builder,
            List<Item> items, int offset, SqlOperatorTable operators, TypeCoercion coercion) {
        if (from instanceof SqlJoin) {
            SqlJoin join = (SqlJoin) from;
            if ((join.getJoinType() != JoinType.COMMA && join.getJoinType() != JoinType.CROSS) || join.isNatural()
                    || join.getConditionType() != JoinConditionType.NONE) {
                return null;
            }
            RelNode left = fromItem(join.getLeft(), reader, cluster, builder, items, offset, operators, coercion);
            if (left == null) {
                return null;
            }
            RelNode right = fromItem(join.getRight(), reader, cluster, builder, items, offset + left.getRowType().getFieldCount(),
                    operators, coercion);
            if (right == null) {
                return null;
            }
            // as conversion's convertJoin: the builder's join on TRUE, then its (identity) projection
            return builder.push(left).push(right).join(JoinRelType.INNER, cluster.getRexBuilder().makeLiteral(true))
                    .project(builder.fields()).build();
        }
        if (from.getKind() == SqlKind.AS && ((SqlCall) from).operandCount() == 2 && ((SqlCall) from).operand(0) instanceof SqlSelect
                && ((SqlCall) from).operand(1) instanceof SqlIdentifier && ((SqlIdentifier) ((SqlCall) from).operand(1)).isSimple()) {
            return derived(((SqlCall) from).operand(0), ((SqlIdentifier) ((SqlCall) from).operand(1)).getSimple(), reader, cluster,
                    items, offset, operators, coercion);
        }
        SqlIdentifier name;
        String alias;
        if (from instanceof SqlIdentifier) {
            name = (SqlIdentifier) from;
            alias = null;
        } else if (from.getKind() == SqlKind.AS && ((SqlCall) from).operandCount() == 2
                && ((SqlCall) from).operand(0) instanceof SqlIdentifier && ((SqlCall) from).operand(1) instanceof SqlIdentifier) {
            name = ((SqlCall) from).operand(0);
            SqlIdentifier a = ((SqlCall) from).operand(1);
            if (!a.isSimple()) {
                return null;
            }
            alias = a.getSimple();
        } else {
            return null;
        }
        if (!name.isSimple() || name.isStar()) {
            return null;
        }
        RelOptTable table = reader.getTable(name.names);
        if (table == null) {
            return null;
        }
        RelNode scan = table.toRel(ViewExpanders.simpleContext(cluster));
        items.add(new Item(alias != null ? alias : name.getSimple(), scan.getRowType(), offset));
        return scan;
    }

    /**
     * A query in FROM under an alias, converted on its own as conversion converts it
     * ({@code convertQueryRecursive}; its root's expression, the names conversion gave). Outer
     * names resolve in it by the validator's names for its columns: only a query whose
     * expression carries those names, each once, is taken, and none with an {@code ORDER BY}
     * (which conversion drops in a subquery).
     */
    private static RelNode derived(SqlSelect query, String alias, CalciteCatalogReader reader, RelOptCluster cluster,
            List<Item> items, int offset, SqlOperatorTable operators, TypeCoercion coercion) {
        if (query.getOrderList() != null && query.getOrderList().size() > 0) {
            return null;
        }
        RelRoot root = tryConvert(query, reader, cluster, operators, coercion);
        if (root == null || !root.isRefTrivial()) {
            return null;
        }
        List<String> names = root.rel.getRowType().getFieldNames();
        if (!names.equals(root.validatedRowType.getFieldNames()) || new HashSet<>(names).size() != names.size()) {
            return null;
        }
        items.add(new Item(alias, root.rel.getRowType(), offset));
        return root.rel;
    }

    /**
     * Adds the expressions and names of one select item; false if it is outside the subset. The
     * validator names an expression without an alias {@code EXPR$n} after the number of distinct
     * names before it, keeps duplicate names, and renames a star's column that repeats a name
     * ({@code a0}); conversion names it after its position and makes every name unique with the
     * first free suffix 0, 1, ... ({@code taken}: conversion's names so far).
     */
    private static boolean selectItem(SqlNode item, Scope scope, DirectExpressions ex, List<RexNode> exprs, List<String> names,
            List<String> relNames, Set<String> taken) {
        if (item instanceof SqlIdentifier && ((SqlIdentifier) item).isStar()) {
            SqlIdentifier star = (SqlIdentifier) item;
            if (scope.items().isEmpty() || star.names.size() > 2) {
                return false;
            }
            boolean matched = false;
            RexBuilder rex = ex.rex;
            for (Item from : scope.items()) {
                if (star.names.size() == 2 && !star.names.get(0).equals(from.alias())) {
                    continue;
                }
                matched = true;
                for (RelDataTypeField f : from.rowType().getFieldList()) {
                    String v = f.getName();
                    for (int j = 0; names.contains(v); j++) {
                        v = f.getName() + j;
                    }
                    exprs.add(rex.makeInputRef(f.getType(), from.offset() + f.getIndex()));
                    names.add(v);
                    relNames.add(free(v, taken));
                }
            }
            return matched;
        }
        String alias = alias(item, new HashSet<>(names).size());
        if (alias == null) {
            return false;
        }
        SqlNode expr = item.getKind() == SqlKind.AS ? ((SqlCall) item).operand(0) : item;
        RexNode e = ex.convert(expr);
        if (e == null) {
            return false;
        }
        relNames.add(free(alias(item, exprs.size()), taken));
        exprs.add(e);
        names.add(alias);
        return true;
    }

    /** {@code name}, or with the first suffix 0, 1, ... that makes it new in {@code taken}; taken. */
    private static String free(String name, Set<String> taken) {
        String n = name;
        for (int j = 0; taken.contains(n); j++) {
            n = name + j;
        }
        taken.add(n);
        return n;
    }

    /**
     * A select item's name (null: an alias this does not take): its alias, a column's name, or
     * {@code EXPR$ordinal}, where the validator counts the distinct names before the item and
     * conversion the items (see {@link #selectItem}).
     */
    static String alias(SqlNode item, int ordinal) {
        if (item.getKind() == SqlKind.AS) {
            SqlCall as = (SqlCall) item;
            if (as.operandCount() != 2 || !(as.operand(1) instanceof SqlIdentifier) || !((SqlIdentifier) as.operand(1)).isSimple()) {
                return null;
            }
            return ((SqlIdentifier) as.operand(1)).getSimple();
        }
        if (item instanceof SqlIdentifier) {
            return ((SqlIdentifier) item).names.get(((SqlIdentifier) item).names.size() - 1);
        }
        return SqlUtil.GENERATED_EXPR_ALIAS_PREFIX + ordinal;
    }

    /**
     * As conversion rewrites a WHERE condition that has an IN in it before converting it: a NOT
     * over AND, OR, NOT, IN or NOT IN is pushed down (De Morgan; NOT IN for NOT over IN), wherever
     * the subtree under it has an IN. Null where conversion would rewrite a CASE, which this does
     * not take.
     */
    static SqlNode pushDownNotForIn(SqlNode node) {
        if (!(node instanceof SqlCall) || !SqlUtil.containsIn(node)) {
            return node;
        }
        SqlCall call = (SqlCall) node;
        switch (call.getKind()) {
            case AND:
            case OR: {
                List<SqlNode> operands = new ArrayList<>();
                for (SqlNode operand : call.getOperandList()) {
                    SqlNode o = pushDownNotForIn(operand);
                    if (o == null) {
                        return null;
                    }
                    operands.add(o);
                }
                return call.getOperator().createCall(call.getParserPosition(), operands);
            }
            case NOT: {
                if (!(call.operand(0) instanceof SqlCall)) {
                    return node;
                }
                SqlCall under = call.operand(0);
                switch (under.getKind()) {
                    case CASE:
                        return null;
                    case AND:
                    case OR: {
                        List<SqlNode> operands = new ArrayList<>();
                        for (SqlNode operand : under.getOperandList()) {
                            SqlNode o = pushDownNotForIn(SqlStdOperatorTable.NOT.createCall(SqlParserPos.ZERO, operand));
                            if (o == null) {
                                return null;
                            }
                            operands.add(o);
                        }
                        return (under.getKind() == SqlKind.AND ? SqlStdOperatorTable.OR : SqlStdOperatorTable.AND)
                                .createCall(SqlParserPos.ZERO, operands);
                    }
                    case NOT:
                        return pushDownNotForIn(under.operand(0));
                    case NOT_IN:
                        return SqlStdOperatorTable.IN.createCall(SqlParserPos.ZERO, under.getOperandList());
                    case IN:
                        return SqlStdOperatorTable.NOT_IN.createCall(SqlParserPos.ZERO, under.getOperandList());
                    default:
                        return node;
                }
            }
            default:
                return node;
        }
    }

    /** As conversion simplifies a WHERE condition. */
    private static RexNode simplifyPredicate(RexNode predicate, RexBuilder rex) {
        RexNode converted = RexUtil.removeNullabilityCast(rex.getTypeFactory(), predicate);
        List<RexNode> simplified = new ArrayList<>();
        for (RexNode c : RelOptUtil.conjunctions(converted)) {
            simplified.add(RexSimplify.simplifyComparisonWithNull(c, rex));
        }
        return RexUtil.composeConjunction(rex, simplified);
    }
}
