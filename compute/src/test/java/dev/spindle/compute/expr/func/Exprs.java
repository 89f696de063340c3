package dev.spindle.compute.expr.func;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.expr.Cast;
import dev.spindle.compute.expr.Literal;
import dev.spindle.compute.expr.ScalarExpr;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;

/** Test shorthand: build expression trees, evaluate them, expect errors. */
public final class Exprs {
    public static final ColumnType BOOL = ColumnType.of(TypeKind.BOOLEAN);
    public static final ColumnType INT2 = ColumnType.of(TypeKind.SMALLINT);
    public static final ColumnType INT4 = ColumnType.of(TypeKind.INTEGER);
    public static final ColumnType INT8 = ColumnType.of(TypeKind.BIGINT);
    public static final ColumnType REAL = ColumnType.of(TypeKind.REAL);
    public static final ColumnType DOUBLE = ColumnType.of(TypeKind.DOUBLE);
    public static final ColumnType DEC = ColumnType.of(TypeKind.DECIMAL);
    public static final ColumnType TEXT = ColumnType.of(TypeKind.TEXT);
    public static final ColumnType DATE = ColumnType.of(TypeKind.DATE);
    public static final ColumnType TIME = ColumnType.of(TypeKind.TIME);
    public static final ColumnType TS = ColumnType.of(TypeKind.TIMESTAMP);

    private Exprs() {
    }

    public static ColumnType varchar(int n) {
        return ColumnType.varchar(n);
    }

    public static ColumnType fixedChar(int n) {
        return ColumnType.fixedChar(n);
    }

    public static ColumnType decimal(int p, int s) {
        return ColumnType.decimal(p, s);
    }

    /** A literal whose type follows the Java class: Integer INTEGER, Long BIGINT, String TEXT, ... */
    public static ScalarExpr lit(Object v) {
        if (v instanceof Integer) {
            return new Literal(v, INT4);
        }
        if (v instanceof Long) {
            return new Literal(v, INT8);
        }
        if (v instanceof Boolean) {
            return new Literal(v, BOOL);
        }
        if (v instanceof Float) {
            return new Literal(v, REAL);
        }
        if (v instanceof Double) {
            return new Literal(v, DOUBLE);
        }
        if (v instanceof BigDecimal) {
            return new Literal(v, DEC);
        }
        if (v instanceof String) {
            return new Literal(v, TEXT);
        }
        if (v instanceof LocalDate) {
            return new Literal(v, DATE);
        }
        if (v instanceof LocalTime) {
            return new Literal(v, TIME);
        }
        if (v instanceof LocalDateTime) {
            return new Literal(v, TS);
        }
        throw new IllegalArgumentException(String.valueOf(v));
    }

    public static ScalarExpr lit(Object v, ColumnType t) {
        return new Literal(v, t);
    }

    /** A DECIMAL literal as written. */
    public static ScalarExpr dec(String text) {
        return Literal.ofDecimal(text);
    }

    public static ScalarExpr nul(ColumnType t) {
        return Literal.nullOf(t);
    }

    public static ScalarExpr col(int i, ColumnType t) {
        return ScalarExpr.column(i, t);
    }

    public static ScalarExpr un(UnaryFunc f, ScalarExpr a) {
        return ScalarExpr.call(f, a);
    }

    public static ScalarExpr bin(BinaryFunc f, ScalarExpr a, ScalarExpr b) {
        return ScalarExpr.call(f, a, b);
    }

    public static ScalarExpr var(VariadicFunc f, ScalarExpr... args) {
        return ScalarExpr.call(f, args);
    }

    public static ScalarExpr cast(ScalarExpr e, ColumnType t) {
        return ScalarExpr.cast(e, t);
    }

    public static ScalarExpr assign(ScalarExpr e, ColumnType t) {
        return Cast.assignment(e, t);
    }

    public static Object eval(ScalarExpr e, Object... row) {
        return e.eval(row);
    }

    /** Evaluates {@code CAST(text AS t)}. */
    public static Object parse(String text, ColumnType t) {
        return eval(cast(lit(text), t));
    }

    /** Evaluates {@code CAST(v AS TEXT)} for {@code v} of type {@code t}. */
    public static String text(Object v, ColumnType t) {
        return (String) eval(cast(lit(v, t), TEXT));
    }

    /** Evaluates {@code CAST(e AS TEXT)}. */
    public static String text(ScalarExpr e) {
        return (String) eval(cast(e, TEXT));
    }

    /** Expects {@code e} to fail with {@code sqlState} and {@code message}. */
    public static SpindleException assertFails(String sqlState, String message, ScalarExpr e, Object... row) {
        SpindleException ex = assertThrows(SpindleException.class, () -> e.eval(row), e::toString);
        assertEquals(sqlState, ex.sqlState(), () -> e + ": " + ex.getMessage());
        if (message != null) {
            assertEquals(message, ex.getMessage(), e::toString);
        }
        return ex;
    }

    public static List<ScalarExpr> list(ScalarExpr... es) {
        return List.of(es);
    }
}
