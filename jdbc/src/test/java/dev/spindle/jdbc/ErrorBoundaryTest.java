package dev.spindle.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import org.junit.jupiter.api.Test;

/** What the driver's boundary makes of what the session throws. */
class ErrorBoundaryTest {

    @Test
    void aStackOverflowDeepInACalciteStyleChainIsStatementTooComplex() {
        Throwable t = new StackOverflowError();
        for (int i = 0; i < 1000; i++) { // Calcite wraps once per level: "while converting ..."
            t = new RuntimeException("while converting level " + i, t);
        }
        assertEquals(ErrorCode.STATEMENT_TOO_COMPLEX_1, SpindleMeta.toSpindle(t).code());
        assertEquals(ErrorCode.STATEMENT_TOO_COMPLEX_1,
                SpindleMeta.toSpindle(SpindleException.wrap(t)).code(), "also inside an internal error");
    }

    @Test
    void otherFailuresKeepTheirCodeOrAreInternal() {
        assertEquals(ErrorCode.DIVISION_BY_ZERO_0,
                SpindleMeta.toSpindle(new SpindleException(ErrorCode.DIVISION_BY_ZERO_0)).code());
        assertEquals(ErrorCode.OUT_OF_MEMORY_1, SpindleMeta.toSpindle(new OutOfMemoryError()).code());
        assertEquals(ErrorCode.INTERNAL_ERROR_1, SpindleMeta.toSpindle(new IllegalStateException("x")).code());
        assertEquals(ErrorCode.INTERNAL_ERROR_1, SpindleMeta.toSpindle(new AssertionError("x")).code());
    }
}
