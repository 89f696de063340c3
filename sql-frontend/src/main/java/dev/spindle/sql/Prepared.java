package dev.spindle.sql;

import dev.spindle.common.type.ColumnType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import org.apache.calcite.sql.SqlNode;

/**
 * A statement prepared by {@link Session#prepare}: parsed once, with its {@code ?} parameters'
 * types, and for a query its Calcite plan (kept while the catalog does not change; see
 * {@link dev.spindle.planner.PreparedQuery}). Run it with {@link Session#execute(Prepared, List)}.
 *
 * <p>Thread-safety: the statement itself is immutable; the cached plan is published atomically
 * and used by its session's thread (a JDBC statement belongs to one connection).
 */
public final class Prepared {
    private final String sql;
    private final SqlNode node;
    private final List<ColumnType> parameterTypes;
    private final Object cache;

    /**
     * @param parameterTypes per parameter its type, or null where the statement does not say
     * @param cache what the executor keeps for it (opaque here)
     */
    public Prepared(String sql, SqlNode node, List<ColumnType> parameterTypes, Object cache) {
        this.sql = Objects.requireNonNull(sql, "sql");
        this.node = Objects.requireNonNull(node, "node");
        this.parameterTypes = Collections.unmodifiableList(new ArrayList<>(parameterTypes));
        this.cache = cache;
    }

    /** The statement's text. */
    public String sql() {
        return sql;
    }

    /** The parsed statement (do not change it). */
    public SqlNode node() {
        return node;
    }

    /** How many {@code ?} parameters it takes. */
    public int parameterCount() {
        return parameterTypes.size();
    }

    /** Per parameter its type, or null where nothing in the statement fixes one. */
    public List<ColumnType> parameterTypes() {
        return parameterTypes;
    }

    /** The executor's state for this statement. */
    public Object cache() {
        return cache;
    }
}
