package dev.spindle.common.row;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import org.junit.jupiter.api.Test;

class RowCodecTest {

    @Test
    void smallIntegersTakeOneByteAndLargeOnesTheirWidth() {
        assertEquals(1, Row.of(0L).encodedLength());
        assertEquals(1, Row.of(95L).encodedLength());
        assertEquals(2, Row.of(96L).encodedLength());
        assertEquals(2, Row.of(-1L).encodedLength());
        assertEquals(5, Row.of(Integer.MAX_VALUE).encodedLength());
        assertEquals(5, Row.of(Integer.MIN_VALUE).encodedLength());
        assertEquals(9, Row.of(Long.MIN_VALUE).encodedLength());
        assertEquals(9, Row.of(Long.MAX_VALUE).encodedLength());
    }

    @Test
    void integerWidthsShareOneEncoding() {
        assertEquals(Row.of((short) 7), Row.of(7));
        assertEquals(Row.of(7), Row.of(7L));
    }

    @Test
    void nullsSortLastAndFalseBeforeTrue() {
        assertTrue(Row.of((Object) null).compareTo(Row.of(Long.MAX_VALUE)) > 0);
        assertTrue(Row.of((Object) null).compareTo(Row.of("zzz")) > 0);
        assertTrue(Row.of(false).compareTo(Row.of(true)) < 0);
        assertTrue(Row.of(1, null).compareTo(Row.of(1, 5)) > 0);
    }

    @Test
    void decimalsDecodeWithoutTrailingZerosAndNeverWithANegativeScale() {
        assertEquals(new BigDecimal("1.5"), Row.of(new BigDecimal("1.50")).get(0));
        assertEquals(new BigDecimal("10"), Row.of(new BigDecimal("10.00")).get(0));
        assertEquals("1000000", ((BigDecimal) Row.of(new BigDecimal("1E+6")).get(0)).toString());
    }

    @Test
    void decimalsEqualAcrossScalesAndOrderNumerically() {
        assertEquals(Row.of(new BigDecimal("1.50")), Row.of(new BigDecimal("1.5")));
        assertEquals(Row.of(new BigDecimal("0.000")), Row.of(BigDecimal.ZERO));
        BigDecimal[] ordered = {
            new BigDecimal("-1000"), new BigDecimal("-10.5"), new BigDecimal("-10.05"), new BigDecimal("-10"),
            new BigDecimal("-0.001"), BigDecimal.ZERO, new BigDecimal("0.001"), new BigDecimal("0.01"),
            new BigDecimal("0.1"), new BigDecimal("1"), new BigDecimal("9.99"), new BigDecimal("10"),
            new BigDecimal("10.05"), new BigDecimal("10.5"), new BigDecimal("1E+30")};
        for (int i = 1; i < ordered.length; i++) {
            Row lo = Row.of(ordered[i - 1]);
            Row hi = Row.of(ordered[i]);
            assertTrue(lo.compareTo(hi) < 0, lo + " < " + hi);
            assertEquals(0, ordered[i].compareTo((BigDecimal) hi.get(0)));
        }
    }

    @Test
    void stringsWithZeroBytesRoundTripAndOrder() {
        String s = "a\u0000b";
        assertEquals(s, Row.of(s).getString(0));
        assertTrue(Row.of("a").compareTo(Row.of("a\u0000")) < 0);
        assertTrue(Row.of("a\u0000").compareTo(Row.of("a\u0001")) < 0);
        assertTrue(Row.of("ab").compareTo(Row.of("abc")) < 0);
        assertTrue(Row.of("").compareTo(Row.of("a")) < 0);
        assertTrue(Row.of("\uffff").compareTo(Row.of("\ud83d\ude00")) < 0, "code point order, not UTF-16");
    }

    @Test
    void negativeZeroAndNaNAreCanonical() {
        assertEquals(Row.of(0.0), Row.of(-0.0));
        assertEquals(Row.of(Double.NaN), Row.of(Double.longBitsToDouble(0x7ff0000000000001L)));
        assertTrue(Row.of(Double.POSITIVE_INFINITY).compareTo(Row.of(Double.NaN)) < 0);
        assertTrue(Row.of(Double.NEGATIVE_INFINITY).compareTo(Row.of(-1e308)) < 0);
    }

    @Test
    void temporalValuesRoundTripAtMicrosecondPrecision() {
        LocalDateTime ts = LocalDateTime.of(2026, 11, 29, 17, 30, 1, 123_456_789);
        Row r = Row.of(LocalDate.of(1969, 12, 31), LocalTime.of(23, 59, 59, 999_999_000), ts);
        assertEquals(LocalDate.of(1969, 12, 31), r.get(0));
        assertEquals(LocalTime.of(23, 59, 59, 999_999_000), r.get(1));
        assertEquals(ts.withNano(123_456_000), r.get(2));
    }

    @Test
    void decodeRejectsTruncatedOrForeignBytes() {
        byte[] enc = Row.of("abc", 1000L).toBytes();
        assertThrows(IllegalArgumentException.class, () -> Row.decode(enc, 0, enc.length - 1));
        assertThrows(IllegalArgumentException.class, () -> Row.decode(new byte[] {0x03}, 0, 1));
        assertEquals(Row.of("abc", 1000L), Row.decode(enc, 0, enc.length));
    }

    @Test
    void keysCutFromSlabsCompareLikeRows() {
        Row a = Row.of(1, "x");
        Row b = Row.of(1, "y");
        byte[] slab = new byte[a.encodedLength() + b.encodedLength()];
        int mid = a.writeTo(slab, 0);
        b.writeTo(slab, mid);
        assertTrue(Row.compareEncoded(slab, 0, mid, slab, mid, slab.length) < 0);
        assertEquals(0, a.compareTo(slab, 0, mid));
        assertEquals(a.hash64(), Row.hash64(slab, 0, mid));
        assertArrayEquals(a.toBytes(), java.util.Arrays.copyOfRange(slab, 0, mid));
    }

    @Test
    void toStringQuotesLikeSql() {
        assertEquals("(1, 'it''s', NULL, 1.5, true)", Row.of(1, "it's", null, new BigDecimal("1.50"), true).toString());
        assertEquals("()", Row.EMPTY.toString());
    }

    @Test
    void kindsAndHasNullReadTagsOnly() {
        Row r = Row.of(1L, null, "x");
        assertArrayEquals(new DatumKind[] {DatumKind.INTEGER, DatumKind.NULL, DatumKind.STRING}, r.kinds());
        assertTrue(r.hasNull());
        assertTrue(!Row.of(1L, "x").hasNull());
        assertTrue(!Row.EMPTY.hasNull());
    }

    @Test
    void typedGettersRefuseOtherKinds() {
        Row r = Row.of("x", 1L);
        assertThrows(IllegalStateException.class, () -> r.getBoolean(1));
        assertThrows(IllegalStateException.class, () -> r.getString(1));
        assertThrows(IllegalArgumentException.class, () -> r.getLong(0));
        assertThrows(IndexOutOfBoundsException.class, () -> r.get(2));
        assertEquals(DatumKind.STRING, r.kind(0));
    }
}
