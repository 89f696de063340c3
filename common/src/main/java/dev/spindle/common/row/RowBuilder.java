package dev.spindle.common.row;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;

/**
 * Builds a {@link Row} column by column. Not thread-safe; a builder is reusable after
 * {@link #build()} (which copies) once {@link #clear()} is called.
 */
public final class RowBuilder {
    private byte[] buf;
    private int len;

    RowBuilder(int capacity) {
        buf = new byte[Math.max(capacity, 8)];
    }

    private void ensure(int extra) {
        if (len + extra > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + extra));
        }
    }

    private RowBuilder append(byte[] encoded) {
        ensure(encoded.length);
        System.arraycopy(encoded, 0, buf, len, encoded.length);
        len += encoded.length;
        return this;
    }

    /** Appends NULL. */
    public RowBuilder addNull() {
        ensure(1);
        buf[len++] = (byte) RowCodec.TAG_NULL;
        return this;
    }

    /** Appends a boolean. */
    public RowBuilder addBoolean(boolean v) {
        ensure(1);
        buf[len++] = (byte) (v ? RowCodec.TAG_TRUE : RowCodec.TAG_FALSE);
        return this;
    }

    /** Appends an integer (any of SMALLINT, INTEGER, BIGINT). */
    public RowBuilder addLong(long v) {
        ensure(9);
        len = RowCodec.writeLong(buf, len, v);
        return this;
    }

    /** Appends a DOUBLE. */
    public RowBuilder addDouble(double v) {
        ensure(9);
        len = RowCodec.writeDouble(buf, len, v);
        return this;
    }

    /** Appends a REAL. */
    public RowBuilder addFloat(float v) {
        ensure(5);
        len = RowCodec.writeFloat(buf, len, v);
        return this;
    }

    /** Appends a DECIMAL. */
    public RowBuilder addDecimal(BigDecimal v) {
        return append(RowCodec.encodeDecimal(v));
    }

    /** Appends a string (CHAR, VARCHAR or TEXT). */
    public RowBuilder addString(String v) {
        return append(RowCodec.encodeString(v));
    }

    /** Appends a DATE. */
    public RowBuilder addDate(LocalDate v) {
        ensure(10);
        buf[len++] = (byte) RowCodec.TAG_DATE;
        len = RowCodec.writeLong(buf, len, RowCodec.dateToDays(v));
        return this;
    }

    /** Appends a TIME (microsecond precision; finer digits are truncated). */
    public RowBuilder addTime(LocalTime v) {
        ensure(10);
        buf[len++] = (byte) RowCodec.TAG_TIME;
        len = RowCodec.writeLong(buf, len, RowCodec.timeToMicros(v));
        return this;
    }

    /** Appends a TIMESTAMP (microsecond precision; finer digits are truncated). */
    public RowBuilder addTimestamp(LocalDateTime v) {
        ensure(10);
        buf[len++] = (byte) RowCodec.TAG_TIMESTAMP;
        len = RowCodec.writeLong(buf, len, RowCodec.timestampToMicros(v));
        return this;
    }

    /** Appends every column of {@code row}. */
    public RowBuilder addAll(Row row) {
        ensure(row.encodedLength());
        len = row.writeTo(buf, len);
        return this;
    }

    /** Appends a Java value of one of the classes {@link Row#of} accepts. */
    public RowBuilder add(Object v) {
        if (v == null) {
            return addNull();
        } else if (v instanceof Boolean) {
            return addBoolean((Boolean) v);
        } else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return addLong(((Number) v).longValue());
        } else if (v instanceof Double) {
            return addDouble((Double) v);
        } else if (v instanceof Float) {
            return addFloat((Float) v);
        } else if (v instanceof BigDecimal) {
            return addDecimal((BigDecimal) v);
        } else if (v instanceof String) {
            return addString((String) v);
        } else if (v instanceof LocalDate) {
            return addDate((LocalDate) v);
        } else if (v instanceof LocalTime) {
            return addTime((LocalTime) v);
        } else if (v instanceof LocalDateTime) {
            return addTimestamp((LocalDateTime) v);
        }
        throw new IllegalArgumentException("no SQL encoding for " + v.getClass().getName());
    }

    /** Forgets the columns added so far. */
    public RowBuilder clear() {
        len = 0;
        return this;
    }

    /** The row of the columns added so far. */
    public Row build() {
        return len == 0 ? Row.EMPTY : Row.wrap(Arrays.copyOf(buf, len));
    }
}
