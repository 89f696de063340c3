package dev.spindle.storage.durable;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * What the last installed checkpoint holds: the catalog as statements, one snapshot file per
 * table, the last LSN they cover and the first log segment to replay after them. Stored as one
 * frame in {@code MANIFEST}, replaced atomically (written to {@code MANIFEST.tmp}, synced,
 * renamed, directory synced). Immutable.
 *
 * @param number the checkpoint's number (1, 2, ...; 0 before the first)
 * @param coveredLsn the last log record the snapshots include
 * @param replaySegment the first segment holding records after {@code coveredLsn}
 * @param catalog statements that recreate the catalog, in order
 * @param snapshots the tables' snapshot files
 */
record Manifest(long number, long coveredLsn, long replaySegment, List<LogRecord.DdlEntry> catalog,
                List<SnapshotRef> snapshots) {
    static final String NAME = "MANIFEST";
    static final String TEMP = "MANIFEST.tmp";

    Manifest {
        catalog = List.copyOf(catalog);
        snapshots = List.copyOf(snapshots);
    }

    /**
     * One table's snapshot file.
     *
     * @param tableKey the table's durable key
     * @param file the file's name
     * @param rows the number of updates in it
     */
    record SnapshotRef(long tableKey, String file, long rows) {
    }

    /** The state before any checkpoint: replay the whole log from segment 1. */
    static Manifest initial() {
        return new Manifest(0, 0, 1, List.of(), List.of());
    }

    ByteBuffer encode() {
        Bytes b = new Bytes(256);
        b.putVarLong(number);
        b.putVarLong(coveredLsn);
        b.putVarLong(replaySegment);
        b.putVarLong(catalog.size());
        for (LogRecord.DdlEntry e : catalog) {
            b.putVarLong(e.tableKey());
            b.putString(e.sql());
        }
        b.putVarLong(snapshots.size());
        for (SnapshotRef s : snapshots) {
            b.putVarLong(s.tableKey());
            b.putString(s.file());
            b.putVarLong(s.rows());
        }
        ByteBuffer out = ByteBuffer.allocate(Frames.HEADER + b.size());
        Frames.write(out, Frames.MANIFEST, number, 0, b.array(), b.size());
        out.flip();
        return out;
    }

    static Manifest decode(Bytes.Reader in) {
        long number = in.varLong();
        long covered = in.varLong();
        long replay = in.varLong();
        int n = in.varInt();
        List<LogRecord.DdlEntry> catalog = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long key = in.varLong();
            catalog.add(new LogRecord.DdlEntry(in.string(), key));
        }
        int m = in.varInt();
        List<SnapshotRef> snaps = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            long key = in.varLong();
            String file = in.string();
            snaps.add(new SnapshotRef(key, file, in.varLong()));
        }
        if (!in.atEnd()) {
            throw new Bytes.Malformed("trailing bytes");
        }
        return new Manifest(number, covered, replay, catalog, snaps);
    }
}
