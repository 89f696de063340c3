package dev.spindle.sqllogictest.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** The shortest round-trip form of {@link RustFloats}: reads back exactly, and no shorter form does. */
class RustFloatsProperties {

    @Property(tries = 2000)
    void shortestReadsBackAsTheSameDouble(@ForAll double x) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return;
        }
        String text = RustFloats.shortest(x);
        assertEquals(Double.doubleToLongBits(x), Double.doubleToLongBits(Double.parseDouble(text)), text);
        BigDecimal digits = new BigDecimal(text).abs().stripTrailingZeros();
        if (digits.signum() != 0 && digits.precision() > 1) {
            BigDecimal shorter = new BigDecimal(Math.abs(x))
                    .round(new MathContext(digits.precision() - 1, RoundingMode.HALF_EVEN));
            assertNotEquals(Math.abs(x), shorter.doubleValue(), () -> text + " is not the shortest form");
        }
    }

    @Property(tries = 1000)
    void shortestFloatReadsBackAsTheSameFloat(@ForAll float x) {
        if (Float.isNaN(x) || Float.isInfinite(x)) {
            return;
        }
        String text = RustFloats.shortest(x);
        assertEquals(Float.floatToIntBits(x), Float.floatToIntBits(Float.parseFloat(text)), text);
    }

    @Property(tries = 1000)
    void fixed3IsTheExactValueRounded(@ForAll double x) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return;
        }
        String text = RustFloats.fixed3(x);
        BigDecimal expected = new BigDecimal(x).setScale(3, RoundingMode.HALF_EVEN);
        assertEquals(0, expected.compareTo(new BigDecimal(text)), text);
    }

    @Test
    void noExponentEverAndIntegersWithoutDecimals() {
        assertEquals("100000000000000000000000", RustFloats.shortest(1.0E23));
        assertEquals("0.000000000000000000001", RustFloats.shortest(1e-21));
        assertEquals("123", RustFloats.shortest(123.0));
        assertEquals("0", RustFloats.shortest(0.0));
    }
}
