package dev.spindle.planner.calcite;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSelectKeyword;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * {@link DirectConversion}'s aggregations: a select list of group columns, {@code COUNT(*)},
 * {@code COUNT SUM MIN MAX AVG ([ALL | DISTINCT] x)} over the subset's expressions, and the subset's
 * operators over those, with {@code GROUP BY} of plain columns or none. Built as conversion's
 * {@code createAggImpl} builds it: the group columns and then the aggregates' arguments projected
 * (named from the select items that are exactly them, else by the input's column name, each name
 * once), the aggregation (calls deduplicated by {@code RexBuilder.addAggCall}, typed by their
 * function as the validator types them, named by the select item that is exactly the call), then
 * the select list over its output under the validator's names.
 *
 * <p>Thread-safety: stateless.
 */
final class DirectAggregation {
    private static final Set<String> FUNCTIONS = Set.of("COUNT", "SUM", "MIN", "MAX", "AVG");

    private DirectAggregation() {
    }

    /** Whether the select list calls an aggregate function (by name: the parser has not resolved it). */
    static boolean hasAggregate(SqlNodeList selectList) {
        for (SqlNode item : selectList) {
            if (containsAggregate(item)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code call} calls an aggregate function, resolved or (from the parser) by name. */
    private static boolean isAggregate(SqlCall call) {
        return call.getOperator().isAggregator() || FUNCTIONS.contains(call.getOperator().getName().toUpperCase(Locale.ROOT));
    }

    private static boolean containsAggregate(SqlNode node) {
        if (node instanceof SqlCall && isAggregate((SqlCall) node)) {
            return true;
        }
        for (SqlNode child : children(node)) {
            if (containsAggregate(child)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A call's operands (null for an absent one, which has no children either) or a list's items
     * (a CASE's WHENs and THENs are lists); none of a nested query (its aggregates are its own).
     */
    private static List<SqlNode> children(SqlNode node) {
        if (node instanceof SqlCall && !(node instanceof SqlSelect)) {
            return ((SqlCall) node).getOperandList();
        }
        return node instanceof SqlNodeList ? ((SqlNodeList) node).getList() : List.of();
    }

    /** The aggregation and its select list over {@code input}, or null if outside the subset. */
    static RelNode convert(SqlSelect select, DirectConversion.Scope scope, DirectExpressions ex, RelNode input,
            RelBuilder builder, List<String> names) {
        RexBuilder rex = ex.rex;
        SqlNodeList selectList = select.getSelectList();
        // the names conversion gives what is exactly a select item: keyed by the item's structure
        Map<String, String> nameMap = new HashMap<>();
        for (int i = 0; i < selectList.size(); i++) {
            SqlNode item = selectList.get(i);
            String alias = DirectConversion.alias(item, i);
            String key = key(item.getKind() == SqlKind.AS ? ((SqlCall) item).operand(0) : item, ex);
            if (alias == null || key == null) {
                return null;
            }
            nameMap.put(key, alias);
            names.add(alias);
        }
        if (new HashSet<>(names).size() != names.size()) {
            return null; // duplicate names: the validator's and conversion's differ (see DirectConversion.selectItem)
        }
        List<RexNode> preExprs = new ArrayList<>();
        List<String> preNames = new ArrayList<>();
        Map<Integer, Integer> groups = new HashMap<>();
        int groupItems = 0;
        if (select.getGroup() != null) {
            for (SqlNode g : select.getGroup()) {
                groupItems++;
                RelDataTypeField f = g instanceof SqlIdentifier ? ex.field((SqlIdentifier) g) : null;
                if (f == null) {
                    return null;
                }
                if (groups.containsKey(f.getIndex())) {
                    continue;
                }
                groups.put(f.getIndex(), preExprs.size());
                add(preExprs, preNames, rex.makeInputRef(f.getType(), f.getIndex()), nameMap.get("#" + f.getIndex()), input);
            }
        }
        int groupCount = preExprs.size();
        List<AggregateCall> aggCalls = new ArrayList<>();
        Map<AggregateCall, RexNode> aggCallMapping = new HashMap<>();
        Map<SqlNode, RexNode> aggregates = new IdentityHashMap<>();
        for (SqlNode item : selectList) {
            SqlNode expr = item.getKind() == SqlKind.AS ? ((SqlCall) item).operand(0) : item;
            if (!collect(expr, ex, groupItems, groupCount, nameMap, preExprs, preNames, aggCalls, aggCallMapping,
                    aggregates, input)) {
                return null;
            }
        }
        if (preExprs.isEmpty()) {
            // COUNT(*) alone: conversion projects a dummy constant
            preExprs.add(rex.makeExactLiteral(BigDecimal.ZERO));
            preNames.add(null);
        }
        RelNode intermediate = builder.push(input).projectNamed(preExprs, preNames, false).build();
        ImmutableBitSet groupSet = ImmutableBitSet.range(groupCount);
        RelNode aggregate = builder.push(intermediate).aggregate(builder.groupKey(groupSet, ImmutableList.of(groupSet)),
                aggCalls).build();
        ex.aggregated(aggregate, groups, aggregates);
        List<RexNode> exprs = new ArrayList<>();
        for (SqlNode item : selectList) {
            RexNode e = ex.convert(item.getKind() == SqlKind.AS ? ((SqlCall) item).operand(0) : item);
            if (e == null) {
                return null;
            }
            exprs.add(e);
        }
        builder.push(aggregate);
        builder.filter(ImmutableSet.of(), builder.literal(true));
        return builder.project(exprs, names).rename(names).build();
    }

    /** Registers the aggregate calls in {@code node} (outside them, nothing); false if outside the subset. */
    private static boolean collect(SqlNode node, DirectExpressions ex, int groupItems, int groupCount,
            Map<String, String> nameMap, List<RexNode> preExprs, List<String> preNames, List<AggregateCall> aggCalls,
            Map<AggregateCall, RexNode> aggCallMapping, Map<SqlNode, RexNode> aggregates, RelNode input) {
        if (!(node instanceof SqlBasicCall)) {
            for (SqlNode child : children(node)) { // a CASE's WHENs, THENs and ELSE, in that order, as conversion visits them
                if (!collect(child, ex, groupItems, groupCount, nameMap, preExprs, preNames, aggCalls, aggCallMapping,
                        aggregates, input)) {
                    return false;
                }
            }
            return true;
        }
        SqlBasicCall call = (SqlBasicCall) node;
        if (!isAggregate(call)) {
            for (SqlNode operand : call.getOperandList()) {
                if (!collect(operand, ex, groupItems, groupCount, nameMap, preExprs, preNames, aggCalls, aggCallMapping,
                        aggregates, input)) {
                    return false;
                }
            }
            return true;
        }
        List<Integer> args = new ArrayList<>();
        List<RelDataType> argTypes = new ArrayList<>();
        boolean star = call.operandCount() == 1 && call.operand(0) instanceof SqlIdentifier
                && ((SqlIdentifier) call.operand(0)).isStar();
        if (!star) {
            for (SqlNode operand : call.getOperandList()) {
                if (containsAggregate(operand)) {
                    return false; // nested aggregates: the validator's error
                }
                RexNode arg = ex.convert(operand);
                if (arg == null || !DirectExpressions.number(arg.getType())) {
                    return false;
                }
                int at = preExprs.indexOf(arg);
                if (at < 0) {
                    at = preExprs.size();
                    add(preExprs, preNames, arg, null, input);
                }
                args.add(at);
                argTypes.add(arg.getType());
            }
        }
        SqlAggFunction function = function(call, argTypes, star, ex);
        if (function == null || (star && function.getKind() != SqlKind.COUNT) || (!star && args.size() != 1)) {
            return false;
        }
        SqlLiteral quantifier = call.getFunctionQuantifier();
        boolean distinct = quantifier != null && quantifier.getValue() == SqlSelectKeyword.DISTINCT;
        RelDataType type = function.inferReturnType(new Aggregate.AggCallBinding(ex.rex.getTypeFactory(), function,
                List.of(), argTypes, groupItems == 0, false));
        AggregateCall aggCall = AggregateCall.create(call.getParserPosition(), function, distinct, false, false, List.of(),
                args, -1, null, RelCollations.EMPTY, type, nameMap.get(key(call, ex)));
        aggregates.put(call, ex.rex.addAggCall(aggCall, groupCount, aggCalls, aggCallMapping,
                i -> preExprs.get(i).getType().isNullable()));
        return true;
    }

    /** The aggregate function the validator resolves {@code call} to, or null. */
    private static SqlAggFunction function(SqlCall call, List<RelDataType> argTypes, boolean star,
            DirectExpressions ex) {
        SqlOperator written = call.getOperator();
        if (!FUNCTIONS.contains(written.getName().toUpperCase(Locale.ROOT))) {
            return null;
        }
        List<SqlOperator> found = new ArrayList<>();
        ex.operators.lookupOperatorOverloads(new SqlIdentifier(written.getName(), call.getParserPosition()),
                SqlFunctionCategory.USER_DEFINED_FUNCTION, SqlSyntax.FUNCTION, found, ex.reader.nameMatcher());
        SqlAggFunction only = null;
        for (SqlOperator op : found) {
            if (op instanceof SqlAggFunction && FUNCTIONS.contains(op.getKind().name())) {
                if (only != null && only != op) {
                    return null;
                }
                only = (SqlAggFunction) op;
            }
        }
        return only;
    }

    /** Adds a projected input as conversion's {@code addExpr} does (a column's name once). */
    private static void add(List<RexNode> exprs, List<String> names, RexNode e, String name, RelNode input) {
        if (name == null && e instanceof RexInputRef) {
            name = input.getRowType().getFieldList().get(((RexInputRef) e).getIndex()).getName();
        }
        if (names.contains(name)) {
            name = null;
        }
        exprs.add(e);
        names.add(name);
    }

    /**
     * A select item's structure with its columns resolved, as conversion matches items by their
     * expanded text: equal keys for items the validator expands alike; null if a name does not
     * resolve (the validator's error).
     */
    private static String key(SqlNode node, DirectExpressions ex) {
        if (node instanceof SqlIdentifier) {
            SqlIdentifier id = (SqlIdentifier) node;
            if (id.isStar()) {
                return "*";
            }
            RelDataTypeField f = ex.field(id);
            return f == null ? null : "#" + f.getIndex();
        }
        if (node instanceof SqlLiteral) {
            return "'" + node;
        }
        if (node instanceof SqlSelect) {
            return null; // a scalar subquery in an aggregated select list: conversion registers it apart
        }
        if (node instanceof org.apache.calcite.sql.SqlDataTypeSpec) { // a CAST's target
            return ":" + node;
        }
        if (node instanceof SqlNodeList) { // a CASE's WHENs or THENs
            StringBuilder out = new StringBuilder("[");
            for (SqlNode item : (SqlNodeList) node) {
                String k = key(item, ex);
                if (k == null) {
                    return null;
                }
                out.append(k).append(',');
            }
            return out.append(']').toString();
        }
        if (node instanceof SqlCall) {
            SqlCall call = (SqlCall) node;
            StringBuilder out = new StringBuilder(call.getOperator().getName().toUpperCase(Locale.ROOT))
                    .append('/').append(call.getOperator().getSyntax()).append('/').append(call.getFunctionQuantifier())
                    .append('(');
            for (SqlNode operand : call.getOperandList()) {
                String k = operand == null ? "null" : key(operand, ex);
                if (k == null) {
                    return null;
                }
                out.append(k).append(',');
            }
            return out.append(')').toString();
        }
        return null;
    }
}
