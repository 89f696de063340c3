package dev.spindle.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A tail goal is not called met over an unloaded figure that the machine's own stalls make. */
class VerdictTest {

    @Test
    void aTailMetOverAQuietMachineIsMet() {
        assertEquals(Verdict.MET, Verdict.ofTail(true, 200_000, 500_000));
    }

    @Test
    void aTailMetOverAnUnloadedFigureTheMachineMakesIsNotMeasurable() {
        assertEquals(Verdict.MACHINE_BOUND, Verdict.ofTail(true, 25_000_000, 7_500_000));
        assertEquals(Verdict.MACHINE_BOUND, Verdict.ofTail(true, 250_000, 500_000), "half is enough");
    }

    @Test
    void aMissStaysAMissWhateverTheMachine() {
        assertEquals(Verdict.MISSED, Verdict.ofTail(false, 25_000_000, 7_500_000));
        assertEquals(Verdict.MISSED, Verdict.ofTail(false, 100_000, 500_000));
    }
}
