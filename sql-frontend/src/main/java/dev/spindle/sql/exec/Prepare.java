package dev.spindle.sql.exec;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.type.ColumnType;
import dev.spindle.planner.PreparedQuery;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.peek.PeekPlan;
import dev.spindle.planner.peek.PreparedLookup;
import dev.spindle.sql.Prepared;
import dev.spindle.sql.StatementResult;
import dev.spindle.sql.coord.Coordinator;
import dev.spindle.sql.parser.SpindleParser;
import dev.spindle.sql.txn.Transaction;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;

/**
 * Prepared statements (JDBC's {@code PreparedStatement}): how each kind is prepared once and run
 * per set of parameters.
 *
 * <ul>
 *   <li>A query goes through Calcite once ({@link PreparedQuery}). A point lookup whose key the
 *       parameters bind ({@code WHERE k = ?} on an index key) is also lowered once with the
 *       parameters symbolic ({@link PreparedLookup}): an execution evaluates the key from its
 *       values and peeks. Any other query (or a value the lookup cannot take) binds the values
 *       and lowers the plan per execution. The plans are kept while the catalog snapshot is the
 *       same and made again after DDL.
 *   <li>{@code INSERT ... VALUES (?, ...)} with only parameters is not planned at all: each set of
 *       values becomes a row, and a batch is one append at one timestamp.
 *   <li>Any other statement (UPDATE, DELETE, INSERT ... SELECT, DDL) is parsed again per execution
 *       with the values bound as literals and run as if sent as text.
 * </ul>
 *
 * <p>Thread-safety: stateless over a thread-safe coordinator; a {@link Prepared}'s cached plan is
 * replaced atomically.
 */
public final class Prepare {
    private final Coordinator coord;
    private final Queries queries;
    private final Dml dml;

    Prepare(Coordinator coord, Queries queries, Dml dml) {
        this.coord = coord;
        this.queries = queries;
        this.dml = dml;
    }

    /** A query's Calcite plan for one catalog snapshot. */
    private record Planned(Catalog catalog, PreparedQuery query) {
    }

    /** What a prepared query keeps between executions. */
    private static final class QueryCache {
        final AtomicReference<Planned> planned = new AtomicReference<>();
    }

    /** Marks a single-row {@code INSERT ... VALUES} of parameters only. */
    private static final class InsertValues {
    }

    /** Prepares {@code node} (parsed from {@code sql}): validates a query and types its parameters. */
    Prepared prepare(SqlNode node, String sql) {
        int n = Parameters.count(node);
        if (node.getKind().belongsTo(SqlKind.QUERY)) {
            Catalog catalog = coord.catalog();
            PreparedQuery q = queries.planner(catalog).prepare(node, sql);
            QueryCache cache = new QueryCache();
            cache.planned.set(new Planned(catalog, q));
            return new Prepared(sql, node, q.parameterTypes(), cache);
        }
        if (n > 0 && isInsertOfParameters(node, n)) {
            List<ColumnType> types = dml.insertTypes((SqlInsert) node);
            if (types.size() >= n) {
                return new Prepared(sql, node, types.subList(0, n), new InsertValues());
            }
        }
        return new Prepared(sql, node, Collections.nCopies(n, null), null);
    }

    /** {@code INSERT INTO t [(cols)] VALUES (?, ?, ...)}: one row, its values the parameters in order. */
    private static boolean isInsertOfParameters(SqlNode node, int n) {
        if (!(node instanceof SqlInsert)) {
            return false;
        }
        List<SqlNode> values = LiteralRows.oneRow(((SqlInsert) node).getSource());
        if (values == null || values.size() != n) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (!(values.get(i) instanceof SqlDynamicParam) || ((SqlDynamicParam) values.get(i)).getIndex() != i) {
                return false;
            }
        }
        return true;
    }

    /** Runs {@code p} with {@code values} (already converted to the parameters' types). */
    StatementResult execute(Prepared p, List<Object> values, Transaction txn, Statements statements) {
        check(p, values);
        if (p.cache() instanceof QueryCache) {
            QueryCache cache = (QueryCache) p.cache();
            return queries.select(catalog -> plan(p, cache, catalog, values), null, txn);
        }
        if (p.cache() instanceof InsertValues) {
            return dml.insertValues((SqlInsert) p.node(), List.of(Row.of(values.toArray())), txn);
        }
        SqlNode fresh = SpindleParser.parse(p.sql());
        Parameters.bindInPlace(fresh, values);
        return statements.dispatchParsed(fresh, p.sql());
    }

    /**
     * Runs {@code p} once per set of values; an INSERT of parameters is one append of every row.
     * Returns the update count of each.
     */
    long[] executeBatch(Prepared p, List<List<Object>> batch, Transaction txn, Statements statements) {
        long[] counts = new long[batch.size()];
        if (p.cache() instanceof InsertValues) {
            List<Row> rows = new ArrayList<>(batch.size());
            for (List<Object> values : batch) {
                check(p, values);
                rows.add(Row.of(values.toArray()));
            }
            dml.insertValues((SqlInsert) p.node(), rows, txn);
            java.util.Arrays.fill(counts, 1);
            return counts;
        }
        for (int i = 0; i < counts.length; i++) {
            StatementResult r = execute(p, batch.get(i), txn, statements);
            if (!(r instanceof StatementResult.UpdateCount)) {
                throw new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1, "a query in a batch");
            }
            counts[i] = ((StatementResult.UpdateCount) r).count();
        }
        return counts;
    }

    private static void check(Prepared p, List<Object> values) {
        if (values.size() != p.parameterCount()) {
            throw new SpindleException(ErrorCode.SYNTAX_ERROR_1,
                    "the statement has " + p.parameterCount() + " parameters but " + values.size() + " were given");
        }
    }

    /**
     * The plan of one execution over {@code catalog} with {@code values}: the kept point lookup
     * bound to them if the query has one, else the kept Calcite plan bound and lowered (a plan
     * made again after DDL is kept for the next executions; one over a transaction's overlay is not).
     */
    private PeekPlan plan(Prepared p, QueryCache cache, Catalog catalog, List<Object> values) {
        PreparedQuery q = query(p, cache, catalog);
        if (cache.planned.get().query() == q) {
            PreparedLookup lookup = q.lookup();
            PeekPlan.Fast bound = lookup == null ? null : lookup.bind(values);
            if (bound != null) {
                return bound;
            }
        }
        return q.bind(values);
    }

    /** Query {@code p}'s kept Calcite plan, or null if it is not a query (tests see whether Calcite planned again). */
    static Object calcitePlan(Prepared p) {
        return p.cache() instanceof QueryCache ? ((QueryCache) p.cache()).planned.get().query().calcitePlan() : null;
    }

    /**
     * The index that query {@code p}'s kept plan looks up with symbolic parameters, or null if
     * the kept plan is not such a lookup (tests use it to see which path runs).
     */
    static GlobalId lookupIndex(Prepared p) {
        if (!(p.cache() instanceof QueryCache)) {
            return null;
        }
        PreparedLookup l = ((QueryCache) p.cache()).planned.get().query().lookup();
        return l == null ? null : l.index();
    }

    /**
     * The query's Calcite plan over {@code catalog}: the kept one; after DDL that changed indexes
     * alone (CREATE INDEX, DROP INDEX), the kept one lowered over the new snapshot; after any
     * other DDL, a new one.
     */
    private PreparedQuery query(Prepared p, QueryCache cache, Catalog catalog) {
        Planned planned = cache.planned.get();
        if (planned.catalog() == catalog) {
            return planned.query();
        }
        PreparedQuery q;
        if (planned.catalog().sameRelations(catalog)) {
            // Calcite would make the same plan: only which index serves it may change. Planning
            // again cost each prepared lookup milliseconds of CPU after every CREATE/DROP INDEX
            // of any table (P4's lookups beside another connection's index churn).
            q = planned.query().over(queries.planner(catalog));
        } else {
            q = queries.planner(catalog).prepare(SpindleParser.parse(p.sql()), p.sql());
        }
        if (!q.parameterTypes().equals(p.parameterTypes())) {
            throw new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1,
                    "the parameters' types changed since the statement was prepared: prepare it again");
        }
        if (catalog == coord.catalog()) {
            cache.planned.set(new Planned(catalog, q)); // not a transaction's overlay
        }
        return q;
    }
}
