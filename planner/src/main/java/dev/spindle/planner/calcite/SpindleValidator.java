package dev.spindle.planner.calcite;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.validate.SelectScope;
import org.apache.calcite.sql.validate.SqlValidatorCatalogReader;
import org.apache.calcite.sql.validate.SqlValidatorImpl;

/**
 * Calcite's validator, expanding a select list once per list instead of once per use.
 *
 * <p>Calcite re-expands a select's whole list each time an {@code ORDER BY} ordinal names one of
 * its items (to find that item), and once more when the select is converted; each expansion
 * derives the type of every item again, subqueries included. {@code ORDER BY 1, 2, 3, 4, 5} over
 * a list of correlated subqueries (SQLite's {@code select1}–{@code select3}) thus validated the
 * list seven times. The expansion of a list that has not changed since it was last expanded is
 * the same list, so it is kept per select, and given again while the list holds the same items;
 * a list that was replaced or changed in place is expanded anew.
 *
 * <p>Thread-safety: not thread-safe, like the validator it extends (one per statement).
 */
final class SpindleValidator extends SqlValidatorImpl {
    /** The last expansion of each select's list (without system columns), and what it was of. */
    private final Map<SqlSelect, Expansion> expansions = new IdentityHashMap<>();

    private record Expansion(SqlNodeList of, List<SqlNode> items, SqlNodeList expanded) {
        boolean stillOf(SqlNodeList list) {
            if (list != of || list.size() != items.size()) {
                return false;
            }
            for (int i = 0; i < items.size(); i++) {
                if (list.get(i) != items.get(i)) {
                    return false;
                }
            }
            return true;
        }
    }

    /** How many select lists were expanded (not given again), for tests. */
    private int computed;

    int expansionsComputed() {
        return computed;
    }

    SpindleValidator(SqlOperatorTable operators, SqlValidatorCatalogReader reader, RelDataTypeFactory types,
            Config config) {
        super(operators, reader, types, config);
    }

    @Override
    public SqlNodeList expandStar(SqlNodeList selectList, SqlSelect select, boolean includeSystemVars) {
        if (includeSystemVars) {
            return super.expandStar(selectList, select, true);
        }
        Expansion last = expansions.get(select);
        if (last != null && last.stillOf(selectList)) {
            SelectScope scope = getRawSelectScope(select);
            if (scope != null) {
                scope.setExpandedSelectList(new ArrayList<>(last.expanded()));
            }
            return last.expanded();
        }
        SqlNodeList expanded = super.expandStar(selectList, select, false);
        computed++;
        expansions.put(select, new Expansion(selectList, new ArrayList<>(selectList), expanded));
        return expanded;
    }
}
