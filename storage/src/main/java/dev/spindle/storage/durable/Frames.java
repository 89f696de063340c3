package dev.spindle.storage.durable;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * The one framing of every log record, snapshot block and manifest (little-endian):
 * {@code length u32 | crc u32 | type u8 | lsn u64 | synced u64 | payload[length]}. The CRC32C,
 * stored masked as LevelDB stores it (a CRC of bytes that hold CRCs is otherwise weak), covers the
 * length and everything after the CRC. {@code lsn} is the log sequence number (a block index in a
 * snapshot); {@code synced} is, in the log, the highest LSN known durable when the frame was
 * written, which tells a torn tail (damage after the last sync) from damage to synced data.
 *
 * <p>Stateless; thread-safe.
 */
final class Frames {
    static final int HEADER = 25;
    /** Largest payload accepted on read, a sanity bound for a damaged length. */
    static final int MAX_PAYLOAD = 1 << 30;

    static final byte COMMIT = 1;
    static final byte CATALOG = 2;
    static final byte SNAPSHOT_ROWS = 3;
    static final byte SNAPSHOT_END = 4;
    static final byte MANIFEST = 5;

    private Frames() {
    }

    /** One frame of {@code payload}. */
    static void write(ByteBuffer out, byte type, long lsn, long synced, byte[] payload, int length) {
        out.order(ByteOrder.LITTLE_ENDIAN);
        int start = out.position();
        out.putInt(length);
        out.putInt(0);
        out.put(type);
        out.putLong(lsn);
        out.putLong(synced);
        out.put(payload, 0, length);
        CRC32C crc = new CRC32C();
        crc.update(out.array(), out.arrayOffset() + start, 4);
        crc.update(out.array(), out.arrayOffset() + start + 8, HEADER - 8 + length);
        out.putInt(start + 4, mask((int) crc.getValue()));
    }

    /** A frame parsed from a file. */
    record Frame(int offset, byte type, long lsn, long synced, byte[] data, int payloadOffset, int length) {
        int end() {
            return payloadOffset + length;
        }
    }

    /**
     * The frame at {@code offset} of {@code data}, or null with the reason in {@code why[0]} if
     * there is no whole frame with a matching checksum there.
     */
    static Frame read(byte[] data, int offset, int limit, String[] why) {
        if (limit - offset < HEADER) {
            why[0] = "incomplete frame header";
            return null;
        }
        ByteBuffer b = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        int length = b.getInt(offset);
        if (length < 0 || length > MAX_PAYLOAD || length > limit - offset - HEADER) {
            why[0] = "frame length " + Integer.toUnsignedString(length) + " runs past the end";
            return null;
        }
        CRC32C crc = new CRC32C();
        crc.update(data, offset, 4);
        crc.update(data, offset + 8, HEADER - 8 + length);
        if (mask((int) crc.getValue()) != b.getInt(offset + 4)) {
            why[0] = "checksum mismatch";
            return null;
        }
        return new Frame(offset, b.get(offset + 8), b.getLong(offset + 9), b.getLong(offset + 17), data,
                offset + HEADER, length);
    }

    /** The LSN field of a would-be frame at {@code offset}, without checking it. */
    static long peekLsn(byte[] data, int offset) {
        return ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN).getLong(offset + 9);
    }

    static int mask(int crc) {
        return ((crc >>> 15) | (crc << 17)) + 0xa282ead8;
    }
}
