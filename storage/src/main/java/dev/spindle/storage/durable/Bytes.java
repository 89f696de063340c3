package dev.spindle.storage.durable;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable byte array with varint writers, and a cursor with the matching readers: the payload
 * encoding of frames. A reader that runs off its data throws {@link Malformed}.
 *
 * <p>Not thread-safe: one thread builds or reads one instance.
 */
final class Bytes {
    private byte[] buf;
    private int size;

    Bytes(int capacity) {
        buf = new byte[Math.max(16, capacity)];
    }

    byte[] array() {
        return buf;
    }

    int size() {
        return size;
    }

    void clear() {
        size = 0;
    }

    private void ensure(int more) {
        if (size + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
        }
    }

    void putVarLong(long v) {
        ensure(10);
        while ((v & ~0x7FL) != 0) {
            buf[size++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[size++] = (byte) v;
    }

    void putZigZag(long v) {
        putVarLong((v << 1) ^ (v >> 63));
    }

    void putBytes(byte[] b, int off, int len) {
        putVarLong(len);
        ensure(len);
        System.arraycopy(b, off, buf, size, len);
        size += len;
    }

    void putString(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        putBytes(b, 0, b.length);
    }

    /** Reserves {@code len} bytes and returns their offset in {@link #array()} (valid until the next put). */
    int reserve(int len) {
        ensure(len);
        int at = size;
        size += len;
        return at;
    }

    /** A payload that does not decode. */
    static final class Malformed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Malformed(String message) {
            super(message);
        }
    }

    /** Reads a payload. */
    static final class Reader {
        private final byte[] data;
        private int pos;
        private final int end;

        Reader(byte[] data, int offset, int length) {
            this.data = data;
            this.pos = offset;
            this.end = offset + length;
        }

        boolean atEnd() {
            return pos == end;
        }

        long varLong() {
            long v = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                if (pos >= end) {
                    throw new Malformed("payload ends inside a number");
                }
                byte b = data[pos++];
                v |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    return v;
                }
            }
            throw new Malformed("number longer than 10 bytes");
        }

        int varInt() {
            long v = varLong();
            if (v < 0 || v > Integer.MAX_VALUE) {
                throw new Malformed("count out of range: " + v);
            }
            return v == 0 ? 0 : (int) v;
        }

        long zigZag() {
            long v = varLong();
            return (v >>> 1) ^ -(v & 1);
        }

        /** Offset of a length-prefixed byte string, whose length {@link #lastLength()} gives. */
        int bytes() {
            int len = varInt();
            if (len > end - pos) {
                throw new Malformed("byte string runs past the payload");
            }
            int at = pos;
            pos += len;
            last = len;
            return at;
        }

        private int last;

        int lastLength() {
            return last;
        }

        byte[] data() {
            return data;
        }

        String string() {
            int at = bytes();
            return new String(data, at, last, StandardCharsets.UTF_8);
        }
    }
}
