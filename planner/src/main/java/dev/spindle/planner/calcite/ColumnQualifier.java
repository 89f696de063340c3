package dev.spindle.planner.calcite;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.JoinConditionType;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;

/**
 * Qualifies the unqualified column names of a query whose {@code FROM} lists many tables with the
 * one table that has the column, before Calcite validates it. Calcite finds the table of an
 * unqualified name by trying every {@code FROM} item as a qualifier and resolving that against
 * every item again (quadratic in the items, per name): SQLite's {@code select5} joins up to 64
 * tables with a hundred names per query, and two thirds of its planning time went there. A name
 * qualified here is resolved by one look at each item.
 *
 * <p>The result is the query Calcite's own identifier expansion makes of it. Only names in a
 * {@code SELECT}'s select list, {@code WHERE} and join conditions are qualified, and only when
 * exactly one {@code FROM} item of that {@code SELECT} has the column (none: it may be an outer
 * query's, left to Calcite; several: ambiguous, Calcite says so). {@code GROUP BY},
 * {@code HAVING} and {@code ORDER BY}, which may name output columns, are left alone. A
 * {@code SELECT} whose {@code FROM} has fewer than {@link #MIN_ITEMS} items, or any item that is
 * not a plain table or view with an optional alias (a subquery, a table function, column aliases,
 * {@code USING} or {@code NATURAL} joins, a repeated name), is left as it is; nested queries are
 * qualified by their own {@code FROM}. Such a {@code FROM} of plain tables, when its items are all
 * separated by commas, is also rebalanced into a tree of comma joins ({@link CommaJoins}): the
 * same query, planned without building a join row type per prefix of the list.
 *
 * <p>Thread-safety: stateless; rewrites the given tree in place (the validator rewrites it in place
 * too), so call it on a tree nobody else reads.
 */
final class ColumnQualifier {
    /** Fewer {@code FROM} items than this cost Calcite little to resolve: left alone. */
    static final int MIN_ITEMS = 4;

    private final Prepare.CatalogReader reader;

    private ColumnQualifier(Prepare.CatalogReader reader) {
        this.reader = reader;
    }

    /** Qualifies {@code query}'s names in place, as far as the rules above allow. */
    static void qualify(SqlNode query, Prepare.CatalogReader reader) {
        new ColumnQualifier(reader).visit(query, null);
    }

    /**
     * Visits an expression or query: qualifies {@code scope}'s columns (null: none) in it, and every
     * nested {@code SELECT} by its own.
     */
    private SqlNode visit(SqlNode node, Map<String, String> scope) {
        if (node == null) {
            return null;
        }
        if (node instanceof SqlSelect) {
            select((SqlSelect) node);
            return node;
        }
        if (node instanceof SqlIdentifier) {
            SqlIdentifier id = (SqlIdentifier) node;
            if (scope != null && id.isSimple() && !id.isStar()) {
                String table = scope.get(id.getSimple());
                if (table != null) {
                    return new SqlIdentifier(List.of(table, id.getSimple()), id.getParserPosition());
                }
            }
            return node;
        }
        if (node instanceof SqlNodeList) {
            SqlNodeList list = (SqlNodeList) node;
            for (int i = 0; i < list.size(); i++) {
                list.set(i, visit(list.get(i), scope));
            }
            return node;
        }
        if (node instanceof SqlJoin) { // a join in FROM: its operands are visited by select()
            return node;
        }
        if (node instanceof SqlCall) {
            SqlCall call = (SqlCall) node;
            SqlKind kind = call.getKind();
            if (kind == SqlKind.ARGUMENT_ASSIGNMENT || kind == SqlKind.DEFAULT) {
                return node;
            }
            List<SqlNode> operands = call.getOperandList();
            for (int i = 0; i < operands.size(); i++) {
                SqlNode operand = operands.get(i);
                if (operand == null
                        || i > 0 && (kind == SqlKind.AS || kind == SqlKind.OVER)) { // an alias, a window's name
                    continue;
                }
                SqlNode replaced = visit(operand, scope);
                if (replaced != operand) {
                    call.setOperand(i, replaced);
                }
            }
        }
        return node;
    }

    private void select(SqlSelect select) {
        List<String> names = new ArrayList<>();
        List<RelOptTable> tables = new ArrayList<>();
        boolean plain = items(select.getFrom(), names, tables);
        Map<String, String> scope = null;
        if (plain && names.size() >= MIN_ITEMS && new HashSet<>(names).size() == names.size()) {
            scope = columns(names, tables);
            select.setFrom(CommaJoins.balanced(select.getFrom(), MIN_ITEMS));
        }
        // FROM's own subqueries and the nested queries of join conditions (whose scope is only
        // the items joined so far: their names are left to Calcite)
        visitFrom(select.getFrom());
        select.setSelectList((SqlNodeList) visit(select.getSelectList(), scope));
        select.setWhere(visit(select.getWhere(), scope));
        // names here may be output columns: only the nested queries are qualified
        select.setGroupBy((SqlNodeList) visit(select.getGroup(), null));
        select.setHaving(visit(select.getHaving(), null));
        select.setOrderBy((SqlNodeList) visit(select.getOrderList(), null));
    }

    /** Each column name to the one item that has it (names that several have are left out). */
    private static Map<String, String> columns(List<String> names, List<RelOptTable> tables) {
        Map<String, String> owner = new HashMap<>();
        Set<String> ambiguous = new HashSet<>();
        for (int i = 0; i < names.size(); i++) {
            for (RelDataTypeField f : tables.get(i).getRowType().getFieldList()) {
                if (owner.putIfAbsent(f.getName(), names.get(i)) != null) {
                    ambiguous.add(f.getName());
                }
            }
        }
        owner.keySet().removeAll(ambiguous);
        return owner;
    }

    /**
     * Collects the {@code FROM} items' names (alias, else the table's last name) and tables; false
     * if an item is anything but a plain table with an optional alias.
     */
    private boolean items(SqlNode from, List<String> names, List<RelOptTable> tables) {
        if (from == null) {
            return false;
        }
        if (from instanceof SqlJoin) {
            SqlJoin join = (SqlJoin) from;
            if (join.isNatural() || join.getConditionType() == JoinConditionType.USING) {
                return false;
            }
            return items(join.getLeft(), names, tables) && items(join.getRight(), names, tables);
        }
        SqlIdentifier table;
        String name;
        if (from instanceof SqlIdentifier) {
            table = (SqlIdentifier) from;
            name = table.names.get(table.names.size() - 1);
        } else if (from.getKind() == SqlKind.AS && ((SqlCall) from).operandCount() == 2
                && ((SqlCall) from).operand(0) instanceof SqlIdentifier) {
            table = ((SqlCall) from).operand(0);
            name = ((SqlIdentifier) ((SqlCall) from).operand(1)).getSimple();
        } else {
            return false;
        }
        RelOptTable resolved = reader.getTable(table.names);
        if (resolved == null) {
            return false; // unknown: Calcite reports it
        }
        names.add(name);
        tables.add(resolved);
        return true;
    }

    /** Qualifies the queries nested in {@code from}: subqueries, those in join conditions. */
    private void visitFrom(SqlNode from) {
        if (from instanceof SqlJoin) {
            SqlJoin join = (SqlJoin) from;
            visitFrom(join.getLeft());
            visitFrom(join.getRight());
            visit(join.getCondition(), null);
        } else if (from instanceof SqlCall && from.getKind() == SqlKind.AS) {
            visitFrom(((SqlCall) from).operand(0));
        } else {
            visit(from, null); // a nested query, a table function's arguments; a name stays as it is
        }
    }
}
