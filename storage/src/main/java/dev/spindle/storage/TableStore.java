package dev.spindle.storage;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.storage.table.TableLog;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The storage layer's directory of tables: creates, finds and drops {@link TableLog}s by id. In
 * memory for now; the file mode (write-ahead log, recovery) will live behind this same type.
 *
 * <p>Thread-safe: any thread may look tables up while another creates or drops them.
 */
public final class TableStore {
    private final ConcurrentMap<GlobalId, TableLog> tables = new ConcurrentHashMap<>();

    /**
     * Creates an empty table.
     *
     * @throws SpindleException {@link ErrorCode#TABLE_ALREADY_EXISTS_1} if the id is taken
     */
    public TableLog create(GlobalId id, RelationDesc desc) {
        TableLog log = new TableLog(id, desc);
        if (tables.putIfAbsent(id, log) != null) {
            throw new SpindleException(ErrorCode.TABLE_ALREADY_EXISTS_1, id);
        }
        return log;
    }

    /** The table with {@code id}, if it exists. */
    public Optional<TableLog> find(GlobalId id) {
        return Optional.ofNullable(tables.get(id));
    }

    /**
     * The table with {@code id}.
     *
     * @throws SpindleException {@link ErrorCode#TABLE_NOT_FOUND_1} if there is none
     */
    public TableLog get(GlobalId id) {
        TableLog log = tables.get(id);
        if (log == null) {
            throw new SpindleException(ErrorCode.TABLE_NOT_FOUND_1, id);
        }
        return log;
    }

    /**
     * Drops the table: removes it and closes its log, so listeners learn it is sealed for good.
     *
     * @throws SpindleException {@link ErrorCode#TABLE_NOT_FOUND_1} if there is none
     */
    public void drop(GlobalId id) {
        TableLog log = tables.remove(id);
        if (log == null) {
            throw new SpindleException(ErrorCode.TABLE_NOT_FOUND_1, id);
        }
        log.close();
    }

    /** The ids of all tables, sorted. */
    public List<GlobalId> ids() {
        return tables.keySet().stream().sorted().toList();
    }
}
