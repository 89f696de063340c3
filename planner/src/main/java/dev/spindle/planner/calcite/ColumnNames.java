package dev.spindle.planner.calcite;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * Names every select item written without an alias as PostgreSQL names it, by giving it that
 * alias before validation: a function's name ({@code count(*)} is {@code count},
 * {@code coalesce(a, b)} is {@code coalesce}), a cast's operand's name or else its type's
 * ({@code CAST(a AS INT)} is {@code a}, {@code CAST(1 AS INT)} is {@code int4}), {@code case}
 * for a CASE, {@code exists} for EXISTS, a scalar subquery's column's name, and {@code ?column?}
 * for anything else (an operator, a literal, a parameter), made unique within its select list
 * ({@link #nameItems}). A column keeps its own name, as Calcite gives it. Users see these as
 * JDBC column labels, and queries read them by name from a subquery or a view ({@code SELECT x.count FROM (SELECT count(*) FROM t) x}, which Calcite's
 * {@code EXPR$0} refused). Calcite 1.41 names a select item with the static
 * {@code SqlValidatorUtil.alias}, which a validator cannot override: hence a pass over the tree.
 * It rewrites the statement in place and is idempotent (an aliased item is left alone), so
 * validation, the direct conversion and shapes all see the same names.
 *
 * <p>Thread-safety: stateless; a statement is rewritten by the one thread planning it.
 */
final class ColumnNames {
    /** PostgreSQL's name for an expression it cannot name. */
    static final String UNNAMED = "?column?";

    private ColumnNames() {
    }

    /** Gives every unaliased expression of every select list in {@code statement} its PostgreSQL name. */
    static void name(SqlNode statement) {
        statement.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
                if (call instanceof SqlSelect) {
                    nameItems(((SqlSelect) call).getSelectList());
                }
                return super.visit(call);
            }

            @Override
            public Void visit(SqlNodeList list) {
                for (SqlNode n : list) {
                    if (n != null) {
                        n.accept(this);
                    }
                }
                return null;
            }
        });
    }

    /**
     * Names the unaliased expressions of one select list. A name given here that the list already
     * has (written, or given to an earlier item) takes the first free suffix 0, 1, ...
     * ({@code SELECT 1, 2} is {@code ?column?, ?column?0}; PostgreSQL repeats {@code ?column?}):
     * two columns of one name would make a star over the list ambiguous, which Calcite's
     * {@code EXPR$0, EXPR$1} never did.
     */
    private static void nameItems(SqlNodeList items) {
        if (items == null) {
            return;
        }
        Set<String> taken = new HashSet<>();
        boolean unnamed = false;
        for (SqlNode item : items) {
            if (item == null) {
                continue;
            }
            String name = named(item) ? written(item) : null;
            if (name != null) {
                taken.add(name);
            }
            unnamed |= !named(item);
        }
        if (!unnamed) {
            return;
        }
        for (int i = 0; i < items.size(); i++) {
            SqlNode item = items.get(i);
            if (item == null || named(item)) {
                continue;
            }
            String base = of(item);
            base = base == null ? UNNAMED : base;
            String name = base;
            for (int j = 0; !taken.add(name); j++) {
                name = base + j;
            }
            items.set(i, SqlStdOperatorTable.AS.createCall(item.getParserPosition(), item,
                    new SqlIdentifier(name, SqlParserPos.ZERO)));
        }
    }

    /** Whether select item {@code item} has a name as written: an alias, or a column. */
    private static boolean named(SqlNode item) {
        return item.getKind() == SqlKind.AS || item instanceof SqlIdentifier;
    }

    /** Select item {@code item}'s name: its alias if it has one, else {@link #of} its expression. */
    private static String written(SqlNode item) {
        if (item.getKind() == SqlKind.AS) {
            SqlNode alias = ((SqlCall) item).operand(1);
            return alias instanceof SqlIdentifier ? ((SqlIdentifier) alias).getSimple() : null;
        }
        return of(item);
    }

    /** PostgreSQL's name for expression {@code node}, or null where it has none. */
    static String of(SqlNode node) {
        if (node instanceof SqlIdentifier) {
            SqlIdentifier id = (SqlIdentifier) node;
            return id.isStar() ? null : id.names.get(id.names.size() - 1);
        }
        if (node instanceof SqlSelect) { // a scalar subquery: its one column's name
            SqlNodeList items = ((SqlSelect) node).getSelectList();
            if (items == null || items.size() != 1) {
                return null;
            }
            return written(items.get(0));
        }
        if (!(node instanceof SqlCall)) {
            return null;
        }
        SqlCall call = (SqlCall) node;
        switch (call.getKind()) {
            case CAST: {
                String operand = of(call.operand(0));
                return operand != null ? operand : typeName(call.operand(1));
            }
            case CASE:
                return "case";
            case EXISTS:
                return "exists";
            default:
                return call.getOperator() instanceof SqlFunction
                        ? call.getOperator().getName().toLowerCase(Locale.ROOT) : null;
        }
    }

    /** PostgreSQL's internal name of the type a cast names ({@code INTEGER} is {@code int4}). */
    private static String typeName(SqlNode type) {
        if (!(type instanceof SqlDataTypeSpec)) {
            return null;
        }
        String name = ((SqlDataTypeSpec) type).getTypeName().getSimple().toUpperCase(Locale.ROOT);
        switch (name) {
            case "INTEGER", "INT":
                return "int4";
            case "BIGINT":
                return "int8";
            case "SMALLINT", "TINYINT":
                return "int2";
            case "DECIMAL", "NUMERIC", "DEC":
                return "numeric";
            case "REAL":
                return "float4";
            case "DOUBLE", "FLOAT":
                return "float8";
            case "BOOLEAN":
                return "bool";
            case "CHAR", "CHARACTER":
                return "bpchar";
            default:
                return name.toLowerCase(Locale.ROOT); // varchar, text, date, time, timestamp
        }
    }
}
