package dev.spindle.common.row;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.Objects;

/**
 * An immutable tuple of SQL values, stored as one packed byte array in the order-preserving
 * encoding of {@link RowCodec}.
 *
 * <h2>Order, equality, hashing</h2>
 * {@link #compareTo} is the unsigned lexicographic order of the encodings, which is the tuple
 * order column by column: integers numerically, strings by code point, FALSE before TRUE, and
 * <b>NULL after every value</b> (PostgreSQL's default for ascending order); a row that is a
 * prefix of another sorts first. Equality is equality of encodings, so it agrees with the order
 * ({@code compareTo == 0} exactly when {@code equals}), and {@link #hashCode} hashes the encoding.
 * Values of different kinds in one position order by kind; typed collections never mix them.
 *
 * <h2>Memory</h2>
 * A row is one object and one {@code byte[]}: a 16-byte object (header, array reference, cached
 * hash) plus a 16-byte array header and the encoded bytes, padded to 8. An (INTEGER, INTEGER) row
 * takes 10 encoded bytes when both values are beyond +-2^24 and 2 when both are in 0..95, so
 * <b>48 to 56 bytes per (INTEGER, INTEGER) row</b> on a 64-bit JVM with compressed oops, as
 * measured with JOL by {@code RowMemoryTest}. Arrangements do not keep a {@code Row} per record:
 * they copy the encodings into shared slabs.
 *
 * <p>Immutable and safe to share between threads.
 */
public final class Row implements Comparable<Row>, java.io.Serializable {
    private static final long serialVersionUID = 1L;

    /** The row with no columns. */
    public static final Row EMPTY = new Row(new byte[0]);

    private final byte[] bytes;
    private transient int hash; // 0 until computed; benign data race as in String

    private Row(byte[] bytes) {
        this.bytes = bytes;
    }

    /**
     * A row of the given values: {@code null}, {@link Boolean}, {@link Byte}, {@link Short},
     * {@link Integer}, {@link Long}, {@link Float}, {@link Double}, {@link BigDecimal},
     * {@link String}, {@link LocalDate}, {@link LocalTime} or {@link LocalDateTime}.
     */
    public static Row of(Object... values) {
        RowBuilder b = new RowBuilder(values.length * 6);
        for (Object v : values) {
            b.add(v);
        }
        return b.build();
    }

    /** A new builder. */
    public static RowBuilder builder() {
        return new RowBuilder(16);
    }

    /**
     * The row whose encoding is {@code bytes[offset, offset + length)}, copied. Checks that the
     * range is a sequence of whole datums.
     */
    public static Row decode(byte[] bytes, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        byte[] copy = Arrays.copyOfRange(bytes, offset, offset + length);
        int p = 0;
        try {
            while (p < copy.length) {
                p = RowCodec.skip(copy, p);
            }
        } catch (ArrayIndexOutOfBoundsException e) {
            throw new IllegalArgumentException("truncated row encoding", e);
        }
        if (p != copy.length) {
            throw new IllegalArgumentException("truncated row encoding");
        }
        return new Row(copy);
    }

    /** Wraps an encoding the caller built and will never change. */
    static Row wrap(byte[] bytes) {
        return new Row(bytes);
    }

    /** Number of encoded bytes. */
    public int encodedLength() {
        return bytes.length;
    }

    /** Copies the encoding into {@code dst} at {@code offset}; returns the offset after it. */
    public int writeTo(byte[] dst, int offset) {
        System.arraycopy(bytes, 0, dst, offset, bytes.length);
        return offset + bytes.length;
    }

    /** A copy of the encoding. */
    public byte[] toBytes() {
        return bytes.clone();
    }

    /** Number of columns. O(arity). */
    public int arity() {
        int n = 0;
        for (int p = 0; p < bytes.length; p = RowCodec.skip(bytes, p)) {
            n++;
        }
        return n;
    }

    private int offsetOf(int column) {
        Objects.checkIndex(column, Integer.MAX_VALUE);
        int p = 0;
        for (int i = 0; i < column; i++) {
            if (p >= bytes.length) {
                throw new IndexOutOfBoundsException("column " + column + " of a row of arity " + i);
            }
            p = RowCodec.skip(bytes, p);
        }
        if (p >= bytes.length) {
            throw new IndexOutOfBoundsException("column " + column + " of a row of arity " + arity());
        }
        return p;
    }

    /** The kind of the value in {@code column}. */
    public DatumKind kind(int column) {
        return RowCodec.kindAt(bytes, offsetOf(column));
    }

    /** The kind of every column, in one pass over the encoding. */
    public DatumKind[] kinds() {
        DatumKind[] out = new DatumKind[arity()];
        int i = 0;
        for (int p = 0; p < bytes.length; p = RowCodec.skip(bytes, p)) {
            out[i++] = RowCodec.kindAt(bytes, p);
        }
        return out;
    }

    /** True if some column holds NULL; decodes nothing. */
    public boolean hasNull() {
        for (int p = 0; p < bytes.length; p = RowCodec.skip(bytes, p)) {
            if ((bytes[p] & 0xFF) == RowCodec.TAG_NULL) {
                return true;
            }
        }
        return false;
    }

    /** True if {@code column} holds NULL. */
    public boolean isNull(int column) {
        return (bytes[offsetOf(column)] & 0xFF) == RowCodec.TAG_NULL;
    }

    /**
     * The value in {@code column} as a Java object: {@code null}, {@link Boolean}, {@link Long}
     * (all integer types), {@link BigDecimal} (without trailing zeros), {@link Float},
     * {@link Double}, {@link String}, {@link LocalDate}, {@link LocalTime} or
     * {@link LocalDateTime}.
     */
    public Object get(int column) {
        return datumAt(offsetOf(column));
    }

    private Object datumAt(int p) {
        switch (RowCodec.kindAt(bytes, p)) {
            case NULL: return null;
            case BOOLEAN: return (bytes[p] & 0xFF) == RowCodec.TAG_TRUE;
            case INTEGER: return RowCodec.readLong(bytes, p);
            case DECIMAL: return RowCodec.readDecimal(bytes, p);
            case REAL: return RowCodec.readFloat(bytes, p);
            case DOUBLE: return RowCodec.readDouble(bytes, p);
            case STRING: return RowCodec.readString(bytes, p);
            case DATE: return RowCodec.readDate(bytes, p);
            case TIME: return RowCodec.readTime(bytes, p);
            case TIMESTAMP: return RowCodec.readTimestamp(bytes, p);
            default: throw new AssertionError();
        }
    }

    /** All values, as {@link #get} returns them. */
    public Object[] toArray() {
        Object[] out = new Object[arity()];
        int i = 0;
        for (int p = 0; p < bytes.length; p = RowCodec.skip(bytes, p)) {
            out[i++] = datumAt(p);
        }
        return out;
    }

    /**
     * Decodes, in one pass over the encoding, the columns {@code wanted} marks into {@code out}
     * (as {@link #get} returns them) and sets the other slots of {@code out} to null; columns past
     * {@code out.length} are counted, not decoded. Readers that need a few columns of a wide row
     * (a filter on one column) skip the others' decoding (a string's or decimal's allocation).
     *
     * @param wanted which columns to decode (columns past its length are not)
     * @return the row's arity
     */
    public int decodeInto(Object[] out, boolean[] wanted) {
        int i = 0;
        for (int p = 0; p < bytes.length; p = RowCodec.skip(bytes, p), i++) {
            if (i < out.length) {
                out[i] = i < wanted.length && wanted[i] ? datumAt(p) : null;
            }
        }
        return i;
    }

    /** The integer in {@code column}; fails on NULL or another kind. */
    public long getLong(int column) {
        return RowCodec.readLong(bytes, offsetOf(column));
    }

    /** The boolean in {@code column}; fails on NULL or another kind. */
    public boolean getBoolean(int column) {
        int tag = bytes[offsetOf(column)] & 0xFF;
        if (tag != RowCodec.TAG_TRUE && tag != RowCodec.TAG_FALSE) {
            throw new IllegalStateException("column " + column + " is not a boolean");
        }
        return tag == RowCodec.TAG_TRUE;
    }

    /** The string in {@code column}; fails on NULL or another kind. */
    public String getString(int column) {
        int p = offsetOf(column);
        if ((bytes[p] & 0xFF) != RowCodec.TAG_STRING) {
            throw new IllegalStateException("column " + column + " is not a string");
        }
        return RowCodec.readString(bytes, p);
    }

    /** The row of the given columns of this one, in the given order (repeats allowed). */
    public Row project(int... columns) {
        int[] starts = new int[columns.length];
        int[] ends = new int[columns.length];
        int total = 0;
        for (int i = 0; i < columns.length; i++) {
            starts[i] = offsetOf(columns[i]);
            ends[i] = RowCodec.skip(bytes, starts[i]);
            total += ends[i] - starts[i];
        }
        byte[] out = new byte[total];
        int o = 0;
        for (int i = 0; i < columns.length; i++) {
            System.arraycopy(bytes, starts[i], out, o, ends[i] - starts[i]);
            o += ends[i] - starts[i];
        }
        return new Row(out);
    }

    /** This row's columns followed by {@code other}'s. */
    public Row concat(Row other) {
        byte[] out = Arrays.copyOf(bytes, bytes.length + other.bytes.length);
        System.arraycopy(other.bytes, 0, out, bytes.length, other.bytes.length);
        return new Row(out);
    }

    /** Compares two encodings held in slabs; the order of {@link #compareTo}. */
    public static int compareEncoded(byte[] a, int aFrom, int aTo, byte[] b, int bFrom, int bTo) {
        return Arrays.compareUnsigned(a, aFrom, aTo, b, bFrom, bTo);
    }

    /** Compares this row's encoding with one held in a slab. */
    public int compareTo(byte[] b, int from, int to) {
        return Arrays.compareUnsigned(bytes, 0, bytes.length, b, from, to);
    }

    @Override
    public int compareTo(Row o) {
        return Arrays.compareUnsigned(bytes, o.bytes);
    }

    @Override
    public boolean equals(Object o) {
        return this == o || (o instanceof Row && Arrays.equals(bytes, ((Row) o).bytes));
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            long x = hash64();
            h = (int) (x ^ (x >>> 32));
            if (h == 0) {
                h = 1;
            }
            hash = h;
        }
        return h;
    }

    /** A well-mixed 64-bit hash of the encoding, for partitioning rows among workers. */
    public long hash64() {
        return hash64(bytes, 0, bytes.length);
    }

    /** {@link #hash64()} of an encoding held in a slab. */
    public static long hash64(byte[] b, int from, int to) {
        long h = 0x9E3779B97F4A7C15L ^ (to - from);
        int p = from;
        for (; p + 8 <= to; p += 8) {
            long k = ((long) (b[p] & 0xFF) << 56) | ((long) (b[p + 1] & 0xFF) << 48)
                    | ((long) (b[p + 2] & 0xFF) << 40) | ((long) (b[p + 3] & 0xFF) << 32)
                    | ((long) (b[p + 4] & 0xFF) << 24) | ((b[p + 5] & 0xFF) << 16)
                    | ((b[p + 6] & 0xFF) << 8) | (b[p + 7] & 0xFF);
            h = Long.rotateLeft(h ^ mix(k), 27) * 0x9E3779B97F4A7C15L + 0x52DCE729L;
        }
        long k = 0;
        for (; p < to; p++) {
            k = (k << 8) | (b[p] & 0xFF);
        }
        h ^= mix(k);
        return mix(h);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
        z = (z ^ (z >>> 33)) * 0xC4CEB9FE1A85EC53L;
        return z ^ (z >>> 33);
    }

    /** The values in SQL literal style: {@code (1, 'a''b', NULL)}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("(");
        boolean first = true;
        for (int p = 0; p < bytes.length; p = RowCodec.skip(bytes, p)) {
            if (!first) {
                sb.append(", ");
            }
            first = false;
            Object v = datumAt(p);
            if (v == null) {
                sb.append("NULL");
            } else if (v instanceof String) {
                sb.append('\'').append(((String) v).replace("'", "''")).append('\'');
            } else if (v instanceof BigDecimal) {
                sb.append(((BigDecimal) v).toPlainString());
            } else if (v instanceof LocalDate || v instanceof LocalTime || v instanceof LocalDateTime) {
                sb.append('\'').append(v).append('\'');
            } else {
                sb.append(v);
            }
        }
        return sb.append(')').toString();
    }
}
