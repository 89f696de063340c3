package dev.spindle.storage.durable;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.update.Update;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * A table's consolidated snapshot: frames of up to 64 KB of rows (row, diff), each with its own
 * checksum and numbered from 0, then an end frame holding the table's key, the row count and the
 * frame count, so a file cut short or with a frame missing is detected.
 *
 * <p>Stateless; thread-safe.
 */
final class SnapshotFile {
    private static final int BLOCK = 64 * 1024;

    private SnapshotFile() {
    }

    static String name(long checkpoint, long tableKey) {
        return String.format("snap-%010d-%d.snp", checkpoint, tableKey);
    }

    /** Writes {@code updates} to a new file {@code name} and syncs it. */
    static void write(FileIO io, String name, long tableKey, List<Update> updates) throws IOException {
        io.delete(name);
        try (FileIO.Handle h = io.open(name, true)) {
            long pos = 0;
            long frame = 0;
            int i = 0;
            while (i < updates.size()) {
                int start = i;
                long bytes = 0;
                while (i < updates.size() && bytes < BLOCK) {
                    bytes += updates.get(i).row().encodedLength() + 12;
                    i++;
                }
                Bytes rows = new Bytes((int) bytes + 16);
                LogRecord.encodeUpdates(updates.subList(start, i), rows);
                pos += writeFrame(h, pos, Frames.SNAPSHOT_ROWS, frame++, rows);
            }
            Bytes end = new Bytes(32);
            end.putVarLong(tableKey);
            end.putVarLong(updates.size());
            end.putVarLong(frame);
            writeFrame(h, pos, Frames.SNAPSHOT_END, frame, end);
            h.force();
        }
    }

    private static int writeFrame(FileIO.Handle h, long pos, byte type, long index, Bytes payload) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(Frames.HEADER + payload.size());
        Frames.write(buf, type, index, 0, payload.array(), payload.size());
        buf.flip();
        h.write(pos, buf);
        return Frames.HEADER + payload.size();
    }

    /** Reads the snapshot of table {@code tableKey} from {@code name}; damage fails with the offset. */
    static List<Update> read(FileIO io, String name, long tableKey) {
        byte[] data;
        try {
            data = io.readAll(name);
        } catch (IOException e) {
            throw new SpindleException(ErrorCode.DATABASE_CORRUPTED_3, io.describe(name), 0,
                    "cannot read the snapshot: " + e.getMessage());
        }
        List<Update> out = new ArrayList<>();
        int off = 0;
        long frame = 0;
        String[] why = new String[1];
        while (true) {
            Frames.Frame f = Frames.read(data, off, data.length, why);
            if (f == null) {
                throw new SpindleException(ErrorCode.DATABASE_CORRUPTED_3, io.describe(name), off, why[0]);
            }
            if (f.lsn() != frame) {
                throw new SpindleException(ErrorCode.DATABASE_CORRUPTED_3, io.describe(name), off,
                        "block " + f.lsn() + " where block " + frame + " belongs");
            }
            try {
                Bytes.Reader in = new Bytes.Reader(data, f.payloadOffset(), f.length());
                if (f.type() == Frames.SNAPSHOT_ROWS) {
                    out.addAll(LogRecord.decodeUpdates(in));
                } else if (f.type() == Frames.SNAPSHOT_END) {
                    long key = in.varLong();
                    long rows = in.varLong();
                    long frames = in.varLong();
                    if (key != tableKey || rows != out.size() || frames != frame || f.end() != data.length) {
                        throw new Bytes.Malformed("end block does not match the file (table " + key + ", " + rows
                                + " rows, " + frames + " blocks; found " + out.size() + " rows, " + frame + " blocks)");
                    }
                    return out;
                } else {
                    throw new Bytes.Malformed("unexpected block type " + f.type());
                }
            } catch (Bytes.Malformed e) {
                throw new SpindleException(ErrorCode.DATABASE_CORRUPTED_3, io.describe(name), off, e.getMessage());
            }
            off = f.end();
            frame++;
        }
    }
}
