package dev.spindle.sql.exec;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.update.Update;
import dev.spindle.compute.expr.Cast;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.peek.PeekPlan;
import dev.spindle.sql.StatementResult;
import dev.spindle.sql.coord.Coordinator;
import dev.spindle.sql.txn.Transaction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * INSERT, UPDATE and DELETE (DESIGN §4): the statement's rows are computed by a query at the read
 * timestamp under the write lock, checked (NOT NULL, PRIMARY KEY, UNIQUE: SQLSTATE 23502/23505,
 * nothing written on failure), and committed as one append at one new write timestamp. Inside an
 * explicit transaction the same happens at the transaction's snapshot, over its own writes, and
 * the changes are buffered in the transaction instead (see {@link Transaction}).
 *
 * <p>PRIMARY KEY, UNIQUE and unique indexes are checked by looking up the keys a statement adds in
 * the coordinator's key counts ({@link dev.spindle.sql.unique.UniqueKeys}), a hash lookup per key
 * whatever the table's size; in a transaction, on top of its buffered writes, and again at COMMIT.
 *
 * <p>Thread-safety: stateless over a thread-safe coordinator.
 */
public final class Dml {
    private final Coordinator coord;
    private final Queries queries;

    public Dml(Coordinator coord, Queries queries) {
        this.coord = coord;
        this.queries = queries;
    }

    private CatalogItem.Table table(Catalog catalog, SqlNode target) {
        String name = Ddl.name((SqlIdentifier) target);
        CatalogItem item = catalog.byName(name).orElseThrow(() -> new SpindleException(ErrorCode.TABLE_NOT_FOUND_1, name));
        if (!(item instanceof CatalogItem.Table)) {
            throw new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1, "writing to " + name + ", which is not a table");
        }
        return (CatalogItem.Table) item;
    }

    /**
     * Where a statement reads and where its changes go: autocommit (under the write lock, reads at
     * the read timestamp, changes committed at once) or the session's transaction (reads at its
     * snapshot over its own writes, changes buffered).
     */
    private final class Target {
        private final Transaction txn;

        Target(Transaction txn) {
            this.txn = txn;
        }

        Catalog catalog() {
            return coord.catalog();
        }

        /**
         * The rows of {@code query}, a node of the statement whose text is {@code sql} (so that an
         * error's position is the statement's); {@code shaped}: planned from its shape as an
         * ad-hoc query is (a DELETE's or UPDATE's read repeats its shape; an INSERT's VALUES,
         * whose literals are not lifted, would only fill the shape cache).
         */
        List<Row> rows(SqlNode query, String sql, boolean shaped) {
            if (txn != null) {
                return queries.select(query, sql, null, txn).rows();
            }
            Catalog catalog = coord.catalog();
            PeekPlan plan = (shaped ? queries.shapePlanner(catalog) : queries.planner(catalog)).planQuery(query, sql);
            // at the time its inputs last changed, as a query reads (ReadTime): every write applied
            // so far to what it reads, without waiting for indexes to be sealed through other commits
            try (ReadTime at = ReadTime.choose(coord, null, InputsChanged.of(coord, catalog, plan))) {
                return queries.read(plan, at.time(), false);
            }
        }

        /** Checks {@code delta} to {@code table} against its uniqueness rules (23505). */
        void checkUnique(GlobalId table, List<Update> delta) {
            if (txn != null) {
                txn.checkUnique(table, delta);
            } else {
                coord.uniqueKeys().check(table, delta, null); // under the write lock: see run()
            }
        }

        void apply(GlobalId table, List<Update> changes) {
            if (changes.isEmpty()) {
                return;
            }
            if (txn != null) {
                txn.write(table, changes);
            } else {
                coord.commit(Map.of(table, changes));
            }
        }
    }

    /** Runs {@code body} as one statement: under the write lock in autocommit, else in {@code txn}. */
    private StatementResult run(Transaction txn, java.util.function.Function<Target, StatementResult> body) {
        Target target = new Target(txn);
        if (txn != null) {
            return body.apply(target);
        }
        synchronized (coord.writeLock()) {
            return body.apply(target);
        }
    }

    /** INSERT {@code stmt}, whose text is {@code sql}. */
    public StatementResult insert(SqlInsert stmt, String sql, Transaction txn) {
        return run(txn, to -> {
            CatalogItem.Table t = table(to.catalog(), stmt.getTargetTable());
            int[] target = targetColumns(t.desc(), stmt);
            // a row of literals is taken as it is (LiteralRows); a SELECT source is planned from its
            // shape as a query is (the corpus copies tables with INSERT ... SELECT * between DDL);
            // other VALUES are not (each would be a shape of its own)
            List<Row> literal = LiteralRows.of(stmt.getSource());
            if (literal != null) {
                return insertRows(to, t, target, literal);
            }
            boolean shaped = stmt.getSource().getKind() != org.apache.calcite.sql.SqlKind.VALUES;
            return insertRows(to, t, target, to.rows(stmt.getSource(), sql, shaped));
        });
    }

    /**
     * INSERT of rows given as values ({@code INSERT ... VALUES (?, ?)} executed with each set of
     * parameters of a batch): no query, one append for all of them.
     */
    public StatementResult insertValues(SqlInsert stmt, List<Row> rows, Transaction txn) {
        return run(txn, to -> {
            CatalogItem.Table t = table(to.catalog(), stmt.getTargetTable());
            return insertRows(to, t, targetColumns(t.desc(), stmt), rows);
        });
    }

    /** The types of the columns {@code stmt} inserts into, in its order. */
    public List<ColumnType> insertTypes(SqlInsert stmt) {
        CatalogItem.Table t = table(coord.catalog(), stmt.getTargetTable());
        int[] target = targetColumns(t.desc(), stmt);
        List<ColumnType> out = new ArrayList<>();
        for (int i = 0; ; i++) {
            int c = column(target, i);
            if (c < 0) {
                return out;
            }
            out.add(t.desc().column(c).type());
        }
    }

    /** The table column value {@code i} goes to under {@code target}, or -1. */
    private static int column(int[] target, int i) {
        for (int c = 0; c < target.length; c++) {
            if (target[c] == i) {
                return c;
            }
        }
        return -1;
    }

    /** Per table column, the position of its value in the statement's rows, or -1 for its default. */
    private static int[] targetColumns(RelationDesc desc, SqlInsert stmt) {
        int[] target = new int[desc.arity()];
        if (stmt.getTargetColumnList() == null) {
            for (int c = 0; c < target.length; c++) {
                target[c] = c;
            }
            return target;
        }
        java.util.Arrays.fill(target, -1);
        for (int i = 0; i < stmt.getTargetColumnList().size(); i++) {
            String c = Ddl.name((SqlIdentifier) stmt.getTargetColumnList().get(i));
            int p = desc.indexOf(c);
            if (p < 0) {
                throw new SpindleException(ErrorCode.COLUMN_NOT_FOUND_1, c);
            }
            target[p] = i;
        }
        return target;
    }

    private StatementResult insertRows(Target to, CatalogItem.Table t, int[] target, List<Row> source) {
        RelationDesc desc = t.desc();
        int expected = 0;
        for (int c : target) {
            expected += c >= 0 ? 1 : 0;
        }
        List<Update> ups = new ArrayList<>(source.size());
        for (Row r : source) {
            if (r.arity() > expected) {
                throw new SpindleException(ErrorCode.SYNTAX_ERROR_1, "INSERT has more expressions than target columns");
            }
            Object[] vals = new Object[desc.arity()];
            for (int c = 0; c < vals.length; c++) {
                int from = target[c] < r.arity() ? target[c] : -1;
                if (from >= 0) {
                    vals[c] = assign(r.get(from), valueType(r, from), desc, c);
                } else {
                    ScalarExpr d = t.defaults().get(c);
                    vals[c] = d == null ? null : assign(d.eval(new Object[0]), d.type(), desc, c);
                }
            }
            ups.add(Update.insert(checkNotNull(Row.of(vals), desc), 0));
        }
        to.checkUnique(t.id(), ups);
        to.apply(t.id(), ups);
        return new StatementResult.UpdateCount(ups.size(), List.of());
    }

    /** DELETE {@code stmt}, whose text is {@code sql}: the rows of SELECT * FROM its table WHERE its condition. */
    public StatementResult delete(SqlDelete stmt, String sql, Transaction txn) {
        return run(txn, to -> {
            CatalogItem.Table t = table(to.catalog(), stmt.getTargetTable());
            SqlSelect read = read(SqlNodeList.of(SqlIdentifier.star(SqlParserPos.ZERO)), stmt.getTargetTable(),
                    stmt.getAlias(), stmt.getCondition());
            List<Update> ups = new ArrayList<>();
            for (Row r : to.rows(read, sql, true)) {
                ups.add(Update.delete(r, 0));
            }
            to.apply(t.id(), ups);
            return new StatementResult.UpdateCount(ups.size(), List.of());
        });
    }

    /**
     * UPDATE {@code stmt}, whose text is {@code sql}: the rows of SELECT *, its new values FROM its
     * table WHERE its condition.
     */
    public StatementResult update(SqlUpdate stmt, String sql, Transaction txn) {
        return run(txn, to -> {
            CatalogItem.Table t = table(to.catalog(), stmt.getTargetTable());
            RelationDesc desc = t.desc();
            List<SqlNode> items = new ArrayList<>();
            items.add(SqlIdentifier.star(SqlParserPos.ZERO));
            int[] columns = new int[stmt.getTargetColumnList().size()];
            for (int i = 0; i < columns.length; i++) {
                String c = Ddl.name((SqlIdentifier) stmt.getTargetColumnList().get(i));
                columns[i] = desc.indexOf(c);
                if (columns[i] < 0) {
                    throw new SpindleException(ErrorCode.COLUMN_NOT_FOUND_1, c);
                }
                items.add(stmt.getSourceExpressionList().get(i));
            }
            SqlSelect read = read(new SqlNodeList(items, SqlParserPos.ZERO), stmt.getTargetTable(), stmt.getAlias(),
                    stmt.getCondition());
            List<Update> retract = new ArrayList<>();
            List<Update> insert = new ArrayList<>();
            for (Row r : to.rows(read, sql, true)) {
                Object[] vals = new Object[desc.arity()];
                for (int c = 0; c < vals.length; c++) {
                    vals[c] = r.get(c);
                }
                for (int i = 0; i < columns.length; i++) {
                    int from = desc.arity() + i;
                    vals[columns[i]] = assign(r.get(from), valueType(r, from), desc, columns[i]);
                }
                retract.add(Update.delete(r.project(range(desc.arity())), 0));
                insert.add(Update.insert(checkNotNull(Row.of(vals), desc), 0));
            }
            List<Update> all = new ArrayList<>(retract);
            all.addAll(insert);
            to.checkUnique(t.id(), all);
            to.apply(t.id(), all);
            return new StatementResult.UpdateCount(insert.size(), List.of());
        });
    }

    /**
     * SELECT {@code items} FROM {@code table} [AS {@code alias}] [WHERE {@code condition}], made of
     * the statement's own nodes: planned as the query a user would write (its errors point into the
     * statement), without printing it and reading it again.
     */
    private static SqlSelect read(SqlNodeList items, SqlNode table, SqlIdentifier alias, SqlNode condition) {
        SqlNode from = alias == null ? table : SqlStdOperatorTable.AS.createCall(SqlParserPos.ZERO, table, alias);
        return new SqlSelect(SqlParserPos.ZERO, null, items, from, condition, null, null, null, null, null, null, null,
                SqlNodeList.EMPTY);
    }

    private static int[] range(int n) {
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = i;
        }
        return out;
    }

    /**
     * The type of a value as it comes out of a query, read off the decoded value. Not the plan's
     * column types: those still call a string literal CHAR(n), and casting from CHAR would strip
     * the trailing spaces PostgreSQL keeps in {@code 'a '} (the planner should say TEXT).
     */
    private static ColumnType valueType(Row r, int i) {
        return Values.typeOf(r.get(i));
    }

    /** {@code value} (of {@code type}) stored into column {@code c}: an assignment cast. */
    private static Object assign(Object value, ColumnType type, RelationDesc desc, int c) {
        try {
            return Values.assign(value, type, desc.column(c).type());
        } catch (IllegalArgumentException e) { // no assignment cast between the two types
            throw new SpindleException(ErrorCode.DATATYPE_MISMATCH_3, desc.column(c).name(),
                    desc.column(c).type().kind().name().toLowerCase(java.util.Locale.ROOT),
                    type.kind().name().toLowerCase(java.util.Locale.ROOT));
        }
    }

    private static Row checkNotNull(Row row, RelationDesc desc) {
        for (int c = 0; c < desc.arity(); c++) {
            if (row.isNull(c) && !desc.column(c).type().nullable()) {
                throw new SpindleException(ErrorCode.NOT_NULL_VIOLATION_1, desc.column(c).name());
            }
        }
        return row;
    }
}
