package dev.spindle.sql.exec;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.update.Update;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.sql.coord.Coordinator;
import dev.spindle.sql.parser.ddl.SqlCreateIndex;
import dev.spindle.sql.unique.KeyCounts;
import dev.spindle.sql.unique.UniqueKey;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlWriterConfig;
import org.apache.calcite.sql.dialect.PostgresqlSqlDialect;
import org.apache.calcite.sql.pretty.SqlPrettyWriter;

/**
 * The uniqueness rule of a {@code CREATE UNIQUE INDEX} while the index is built:
 *
 * <ol>
 *   <li>{@link #start}, under the write lock, at the index's time {@code asOf}: the rule joins
 *       the coordinator's {@code UniqueKeys}, not enforced, so every commit after {@code asOf}
 *       is counted in it;
 *   <li>{@link #countRows}, without the lock: the rows the table held at {@code asOf} are added,
 *       their keys computed outside the lock and added under it a slice at a time (writers wait
 *       for one slice at most; cancel and timeouts stop it between slices). Counts commute, so
 *       once both are in they are the committed table's, whatever the order; a key held twice
 *       fails the statement there (23505, PostgreSQL's {@code could not create unique index}),
 *       before the index hydrates;
 *   <li>{@link #enforce}, under the lock when the index joins the catalog: checked once more (a
 *       write during the build may have repeated a key), then enforced; or {@link #abandon}.
 * </ol>
 *
 * <p>Thread-safety: used by the creating statement's thread; what it shares (the rule) is touched
 * only under the coordinator's write lock.
 */
final class UniqueIndexBuild {
    /** Rows of the table counted per hold of the write lock. */
    static final int SLICE = 4096;

    private final Coordinator coord;
    private final StatementControl control;
    private final KeyCounts rule;
    private final CatalogItem.Table table;
    private final long asOf;

    private UniqueIndexBuild(Coordinator coord, StatementControl control, KeyCounts rule, CatalogItem.Table table,
                             long asOf) {
        this.coord = coord;
        this.control = control;
        this.rule = rule;
        this.table = table;
        this.asOf = asOf;
    }

    /**
     * Registers the rule of unique index {@code index} on {@code table}, its key named
     * {@code keyText} in messages, counting from {@code asOf} (the read timestamp: call with the
     * write lock held, so that no commit comes between).
     */
    static UniqueIndexBuild start(Coordinator coord, StatementControl control, CatalogItem.Table table,
                                  CatalogItem.Index index, String keyText, long asOf) {
        assert Thread.holdsLock(coord.writeLock());
        KeyCounts rule = new KeyCounts(table.id(), index.id(), index.name(), UniqueKey.of(index.key(), keyText), false);
        coord.uniqueKeys().add(rule);
        return new UniqueIndexBuild(coord, control, rule, table, asOf);
    }

    /** Counts the table's rows at {@code asOf}; fails (the rule removed) if a key repeats. */
    void countRows() {
        List<Update> rows = coord.tables().get(table.id()).snapshot(asOf);
        Row[] keys = new Row[SLICE];
        for (int from = 0; from < rows.size(); from += SLICE) {
            control.check(() -> { });
            int n = Math.min(SLICE, rows.size() - from);
            for (int i = 0; i < n; i++) {
                keys[i] = rule.key().keyOf(rows.get(from + i).row());
            }
            synchronized (coord.writeLock()) {
                for (int i = 0; i < n; i++) {
                    if (keys[i] != null) {
                        rule.add(keys[i], rows.get(from + i).diff());
                    }
                }
            }
        }
        synchronized (coord.writeLock()) {
            refuseRepeatedKeys();
        }
    }

    /** Checks the counts once more and enforces the rule; with the write lock held. */
    void enforce() {
        refuseRepeatedKeys();
        rule.enforce();
    }

    /** Removes the rule (the build failed or was cancelled); with the write lock held. */
    void abandon() {
        assert Thread.holdsLock(coord.writeLock());
        coord.uniqueKeys().remove(rule);
    }

    /**
     * Fails with 23505 ({@code could not create unique index}) if a key is held by two rows, or
     * with the error a committed row's key met, removing the rule; with the write lock held, when
     * the counts are the committed table's.
     */
    private void refuseRepeatedKeys() {
        assert Thread.holdsLock(coord.writeLock());
        RuntimeException failure = rule.failure();
        Row repeated = rule.someRepeatedKey();
        if (failure != null || repeated != null) {
            abandon();
            throw failure != null ? failure : new SpindleException(ErrorCode.UNIQUE_INDEX_DUPLICATES_3, rule.name(),
                    rule.key().text(), rule.key().valuesText(repeated));
        }
    }

    /**
     * The key of a unique index as PostgreSQL writes it in a detail: column names (quoted where
     * they need it), expressions deparsed in lower case, in parentheses unless a function call
     * ({@code lower(s)}, {@code (a / b)}).
     *
     * @param keyColumns the key's columns, or null where it has expressions
     */
    static String keyText(SqlCreateIndex stmt, List<Integer> keyColumns, RelationDesc desc) {
        List<String> out = new ArrayList<>();
        if (keyColumns != null) {
            for (int c : keyColumns) {
                out.add(UniqueKey.quoted(desc.column(c).name()));
            }
            return String.join(", ", out);
        }
        SqlWriterConfig config = SqlPrettyWriter.config().withDialect(PostgresqlSqlDialect.DEFAULT)
                .withQuoteAllIdentifiers(false).withKeywordsLowerCase(true).withAlwaysUseParentheses(false);
        for (int i = 0; i < stmt.keys().size(); i++) {
            SqlNode e = stmt.keyExpression(i);
            String text = new SqlPrettyWriter(config).format(e);
            boolean bare = e instanceof SqlIdentifier
                    || e instanceof SqlCall && ((SqlCall) e).getOperator() instanceof SqlFunction;
            out.add(bare ? text : "(" + text + ")");
        }
        return String.join(", ", out);
    }
}
