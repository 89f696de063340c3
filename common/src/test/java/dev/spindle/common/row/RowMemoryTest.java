package dev.spindle.common.row;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.GraphLayout;
import org.openjdk.jol.vm.VM;

/**
 * Measures a row's footprint with JOL; this is the source of the bytes-per-row figure in
 * {@link Row}'s javadoc. The figure depends on the JVM's object layout, so the test checks it only
 * on the layout the figure was measured on (64-bit, compressed oops and class pointers).
 */
class RowMemoryTest {

    @Test
    void integerPairRowIs48To56Bytes() {
        Row small = Row.of(7, 42);
        Row large = Row.of(Integer.MIN_VALUE, Integer.MAX_VALUE);
        long smallBytes = GraphLayout.parseInstance(small).totalSize();
        long largeBytes = GraphLayout.parseInstance(large).totalSize();
        System.out.printf("Row footprint (INTEGER, INTEGER): %d bytes small values, %d bytes large values%n",
                smallBytes, largeBytes);
        if (VM.current().addressSize() == 8 && VM.current().objectHeaderSize() == 12) {
            assertEquals(48, smallBytes);
            assertEquals(56, largeBytes);
        } else {
            assertTrue(largeBytes <= 72, "unexpected footprint " + largeBytes + " on " + VM.current().details());
        }
    }
}
