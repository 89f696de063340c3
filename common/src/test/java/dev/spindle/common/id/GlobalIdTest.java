package dev.spindle.common.id;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GlobalIdTest {
    @Test
    void printsAndParses() {
        assertEquals("u42", GlobalId.user(42).toString());
        assertEquals("t7", GlobalId.transientId(7).toString());
        assertEquals(GlobalId.system(3), GlobalId.parse("s3"));
        assertEquals(GlobalId.user(Long.MAX_VALUE), GlobalId.parse("u" + Long.MAX_VALUE));
        assertTrue(GlobalId.parse("t1").isTransient());
    }

    @Test
    void rejectsGarbage() {
        for (String s : new String[] {"", "u", "x1", "u-1", "u1a", "u99999999999999999999", "U1"}) {
            assertThrows(IllegalArgumentException.class, () -> GlobalId.parse(s), s);
        }
        assertThrows(IllegalArgumentException.class, () -> GlobalId.user(-1));
    }

    @Test
    void ordersByKindThenValue() {
        assertTrue(GlobalId.system(9).compareTo(GlobalId.user(1)) < 0);
        assertTrue(GlobalId.user(2).compareTo(GlobalId.user(10)) < 0);
    }
}
