package dev.spindle.compute.expr.func;

import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * jqwik generators: one column type per {@link TypeKind} (with parameters where the kind has
 * them), and non-null values of a type as a row would hold them, biased to edge cases.
 */
public final class Values {
    private static final LocalDateTime EPOCH = LocalDateTime.of(1970, 1, 1, 0, 0);

    private Values() {
    }

    /** Every kind, DECIMAL both unconstrained and as DECIMAL(10,3). */
    public static Arbitrary<ColumnType> types() {
        return Arbitraries.of(
                ColumnType.of(TypeKind.BOOLEAN), ColumnType.of(TypeKind.SMALLINT), ColumnType.of(TypeKind.INTEGER),
                ColumnType.of(TypeKind.BIGINT), ColumnType.of(TypeKind.REAL), ColumnType.of(TypeKind.DOUBLE),
                ColumnType.of(TypeKind.DECIMAL), ColumnType.decimal(10, 3), ColumnType.fixedChar(5),
                ColumnType.varchar(8), ColumnType.of(TypeKind.TEXT), ColumnType.of(TypeKind.DATE),
                ColumnType.of(TypeKind.TIME), ColumnType.of(TypeKind.TIMESTAMP));
    }

    /** Non-null values of {@code type}. */
    public static Arbitrary<Object> nonNull(ColumnType type) {
        switch (type.kind()) {
            case BOOLEAN:
                return Arbitraries.of(true, false).map(b -> b);
            case SMALLINT:
            case INTEGER:
            case BIGINT: {
                long min = type.kind().minValue();
                long max = type.kind().maxValue();
                return Arbitraries.oneOf(Arbitraries.longs().between(min, max), Arbitraries.longs().between(-100, 100),
                        Arbitraries.of(min, max, 0L, -1L, 1L)).map(v -> v);
            }
            case REAL:
                return Arbitraries.oneOf(Arbitraries.floats(), Arbitraries.floats().between(-10, 10),
                        Arbitraries.of(0.0f, -0.0f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
                                Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE, 0.1f, 1e-5f, 123456.7f))
                        .map(v -> v);
            case DOUBLE:
                return Arbitraries.oneOf(Arbitraries.doubles(), Arbitraries.doubles().between(-10, 10),
                        Arbitraries.longs().map(Double::longBitsToDouble).filter(d -> !Double.isNaN(d)),
                        Arbitraries.of(0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                                Double.MIN_VALUE, Double.MAX_VALUE, 0.1, 1e15, 1e-5, 2e23, 5e-324))
                        .map(v -> v);
            case DECIMAL:
                if (type.precision() != ColumnType.UNSPECIFIED) {
                    BigInteger limit = BigInteger.TEN.pow(type.precision()).subtract(BigInteger.ONE);
                    return Arbitraries.bigIntegers().between(limit.negate(), limit)
                            .map(u -> (Object) new BigDecimal(u, type.scale()).stripTrailingZeros());
                }
                return Combinators.combine(
                                Arbitraries.bigIntegers().between(BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30)),
                                Arbitraries.integers().between(-12, 40))
                        .as((u, s) -> (Object) new BigDecimal(u, s).stripTrailingZeros());
            case CHAR:
                // no characters below the space: PostgreSQL's character order, which ignores the
                // padding, then equals the order of padded strings
                return Arbitraries.strings().withChars(" abz~é").ofMaxLength(type.length())
                        .map(s -> (Object) (s + " ".repeat(type.length() - s.length())));
            case VARCHAR:
            case TEXT:
                return Arbitraries.oneOf(
                        Arbitraries.strings().withChars("ab \u0000\u00ff\u0001").ofMaxLength(6),
                        Arbitraries.integers().between(0, 0x10FFFF).filter(cp -> cp < 0xD800 || cp > 0xDFFF)
                                .list().ofMaxSize(type.length() == ColumnType.UNSPECIFIED ? 5 : Math.min(5, type.length()))
                                .map(cps -> new String(cps.stream().mapToInt(Integer::intValue).toArray(), 0, cps.size())))
                        .map(s -> s);
            case DATE:
                return Arbitraries.longs().between(DateTimeFunctions.MIN_DATE.toEpochDay(), DateTimeFunctions.MAX_DATE.toEpochDay())
                        .map(d -> (Object) LocalDate.ofEpochDay(d));
            case TIME:
                return Arbitraries.longs().between(0, 86_399_999_999L).map(us -> (Object) LocalTime.ofNanoOfDay(us * 1000));
            case TIMESTAMP:
                return Arbitraries.oneOf(
                                Arbitraries.longs().between(ChronoUnit.MICROS.between(EPOCH, DateTimeFunctions.MIN_TIMESTAMP),
                                        Long.MAX_VALUE),
                                Arbitraries.of(0L, Long.MAX_VALUE, -1L))
                        .map(us -> (Object) EPOCH.plus(us, ChronoUnit.MICROS));
            default:
                throw new IllegalArgumentException(type.toString());
        }
    }
}
