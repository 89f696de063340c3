package dev.spindle.storage.durable;

import dev.spindle.common.row.Row;
import dev.spindle.common.update.Update;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One record of the log: everything one transaction committed, or one catalog change. Immutable.
 */
public sealed interface LogRecord {

    /**
     * A committed transaction: per table (by its durable key), the rows it added (diff > 0) or
     * removed. All of it is in the log or none of it is.
     *
     * @param tables the changes, per table
     */
    record Commit(List<TableChange> tables) implements LogRecord {
        public Commit {
            tables = List.copyOf(tables);
        }
    }

    /**
     * A catalog change as the statements that replay it, in order.
     *
     * @param statements the statements
     */
    record Catalog(List<DdlEntry> statements) implements LogRecord {
        public Catalog {
            statements = List.copyOf(statements);
        }
    }

    /**
     * A table's changes: each update's row and diff (its time is not stored: a commit happens at
     * one time, chosen again on replay).
     *
     * @param tableKey the table's durable key
     * @param updates the changes
     */
    record TableChange(long tableKey, List<Update> updates) {
        public TableChange {
            updates = List.copyOf(updates);
        }
    }

    /**
     * A statement that changes the catalog, and the durable key of the table it creates (0 if it
     * creates none).
     *
     * @param sql the statement
     * @param tableKey the created table's key, or 0
     */
    record DdlEntry(String sql, long tableKey) {
        public DdlEntry {
            Objects.requireNonNull(sql, "sql");
        }
    }

    /** The frame type of {@code r}. */
    static byte type(LogRecord r) {
        return r instanceof Commit ? Frames.COMMIT : Frames.CATALOG;
    }

    /** Appends {@code r}'s payload to {@code out}. */
    static void encode(LogRecord r, Bytes out) {
        if (r instanceof Commit c) {
            out.putVarLong(c.tables().size());
            for (TableChange t : c.tables()) {
                out.putVarLong(t.tableKey());
                encodeUpdates(t.updates(), out);
            }
        } else {
            Catalog c = (Catalog) r;
            out.putVarLong(c.statements().size());
            for (DdlEntry e : c.statements()) {
                out.putVarLong(e.tableKey());
                out.putString(e.sql());
            }
        }
    }

    /** Row and diff of each update. */
    static void encodeUpdates(List<Update> updates, Bytes out) {
        out.putVarLong(updates.size());
        for (Update u : updates) {
            int len = u.row().encodedLength();
            out.putVarLong(len);
            int at = out.reserve(len);
            u.row().writeTo(out.array(), at);
            out.putZigZag(u.diff());
        }
    }

    /** The updates {@link #encodeUpdates} wrote, at time 0. */
    static List<Update> decodeUpdates(Bytes.Reader in) {
        int n = in.varInt();
        List<Update> out = new ArrayList<>(Math.min(n, 1 << 16));
        for (int i = 0; i < n; i++) {
            int at = in.bytes();
            Row row;
            try {
                row = Row.decode(in.data(), at, in.lastLength());
            } catch (IllegalArgumentException e) {
                throw new Bytes.Malformed("bad row: " + e.getMessage());
            }
            out.add(new Update(row, 0, in.zigZag()));
        }
        return out;
    }

    /** Decodes the payload of a frame of {@code type}. */
    static LogRecord decode(byte type, Bytes.Reader in) {
        if (type == Frames.COMMIT) {
            int n = in.varInt();
            List<TableChange> tables = new ArrayList<>(Math.min(n, 1024));
            for (int i = 0; i < n; i++) {
                long key = in.varLong();
                tables.add(new TableChange(key, decodeUpdates(in)));
            }
            return new Commit(tables);
        }
        if (type == Frames.CATALOG) {
            int n = in.varInt();
            List<DdlEntry> out = new ArrayList<>(Math.min(n, 1024));
            for (int i = 0; i < n; i++) {
                long key = in.varLong();
                out.add(new DdlEntry(in.string(), key));
            }
            return new Catalog(out);
        }
        throw new Bytes.Malformed("unknown record type " + type);
    }
}
