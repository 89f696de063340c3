package dev.spindle.common.row;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** jqwik generators of datums of each kind, and a naive reference order over decoded values. */
final class Datums {
    private Datums() {
    }

    static Arbitrary<DatumKind> kinds() {
        return Arbitraries.of(DatumKind.BOOLEAN, DatumKind.INTEGER, DatumKind.DECIMAL, DatumKind.REAL,
                DatumKind.DOUBLE, DatumKind.STRING, DatumKind.DATE, DatumKind.TIME, DatumKind.TIMESTAMP);
    }

    /** Values of {@code kind}, NULL included, biased to edge cases. */
    static Arbitrary<Object> values(DatumKind kind) {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(1, Arbitraries.just(null)),
                net.jqwik.api.Tuple.of(8, nonNull(kind)));
    }

    static Arbitrary<Object> nonNull(DatumKind kind) {
        switch (kind) {
            case BOOLEAN:
                return Arbitraries.of(true, false).map(b -> b);
            case INTEGER:
                return Arbitraries.oneOf(
                        Arbitraries.longs(),
                        Arbitraries.longs().between(-300, 300),
                        Arbitraries.of(0L, 95L, 96L, 255L, 256L, -1L, -256L, -257L, Long.MIN_VALUE, Long.MAX_VALUE,
                                (long) Integer.MIN_VALUE, (long) Integer.MAX_VALUE, 65535L, 65536L, -65536L, -65537L))
                        .map(v -> v);
            case DECIMAL:
                return Combinators.combine(
                                Arbitraries.bigIntegers().between(BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30)),
                                Arbitraries.integers().between(-12, 40))
                        .as((u, s) -> (Object) new BigDecimal(u, s));
            case REAL:
                return Arbitraries.oneOf(Arbitraries.floats(),
                        Arbitraries.of(0.0f, -0.0f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
                                Float.MIN_VALUE, -Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE))
                        .map(v -> v);
            case DOUBLE:
                return Arbitraries.oneOf(Arbitraries.doubles(), Arbitraries.doubles().between(-10, 10),
                        Arbitraries.of(0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                                Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, 1e300, -1e-300))
                        .map(v -> v);
            case STRING:
                return Arbitraries.oneOf(
                        Arbitraries.strings().withChars("ab\u0000\u00ff\u0001 ").ofMaxLength(6),
                        Arbitraries.integers().between(0, 0x10FFFF)
                                .filter(cp -> cp < 0xD800 || cp > 0xDFFF)
                                .list().ofMaxSize(5)
                                .map(cps -> new String(cps.stream().mapToInt(Integer::intValue).toArray(), 0, cps.size())))
                        .map(s -> s);
            case DATE:
                return Arbitraries.longs().between(LocalDate.of(-4000, 1, 1).toEpochDay(), LocalDate.of(9999, 12, 31).toEpochDay())
                        .map(d -> LocalDate.ofEpochDay(d));
            case TIME:
                return Arbitraries.longs().between(0, 86_399_999_999L).map(us -> LocalTime.ofNanoOfDay(us * 1000));
            case TIMESTAMP:
                return Arbitraries.longs().between(-62_000_000_000_000_000L, 250_000_000_000_000_000L)
                        .map(us -> LocalDateTime.of(1970, 1, 1, 0, 0).plus(us, java.time.temporal.ChronoUnit.MICROS));
            default:
                throw new IllegalArgumentException(kind.toString());
        }
    }

    /** A value as a row built from it decodes it: canonical NaN and zero, integers as Long. */
    static Object canonical(Object v) {
        if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof Double) {
            double d = (Double) v;
            return d == 0.0 ? 0.0 : Double.isNaN(d) ? Double.NaN : d;
        }
        if (v instanceof Float) {
            float f = (Float) v;
            return f == 0.0f ? 0.0f : Float.isNaN(f) ? Float.NaN : f;
        }
        if (v instanceof BigDecimal) {
            BigDecimal d = (BigDecimal) v;
            if (d.signum() == 0) {
                return BigDecimal.ZERO;
            }
            BigDecimal stripped = d.stripTrailingZeros();
            return stripped.scale() < 0 ? stripped.setScale(0) : stripped; // 10, not 1E+1
        }
        return v;
    }

    /** The naive reference order of two values of one kind: NULL last, SQL value order otherwise. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static int compareValues(Object a, Object b) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : 1) : -1;
        }
        if (a instanceof String) {
            return compareCodePoints((String) a, (String) b);
        }
        if (a instanceof Double) {
            return Double.compare((Double) canonical(a), (Double) canonical(b));
        }
        if (a instanceof Float) {
            return Float.compare((Float) canonical(a), (Float) canonical(b));
        }
        return ((Comparable) a).compareTo(b);
    }

    private static int compareCodePoints(String a, String b) {
        int[] x = a.codePoints().toArray();
        int[] y = b.codePoints().toArray();
        return java.util.Arrays.compare(x, y);
    }

    /** The naive reference order of two tuples of the same schema: column by column. */
    static int compareTuples(List<Object> a, List<Object> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = compareValues(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }
}
