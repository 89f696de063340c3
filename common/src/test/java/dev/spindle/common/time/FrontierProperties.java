package dev.spindle.common.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** Lattice laws of {@link Frontier} meet/join and their agreement with the partial order. */
class FrontierProperties {

    @Provide
    Arbitrary<Frontier> frontiers() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(1, Arbitraries.just(Frontier.EMPTY)),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(Frontier.MIN)),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(Frontier.at(Timestamp.MAX_VALUE))),
                net.jqwik.api.Tuple.of(8, Arbitraries.longs().between(0, 50).map(Frontier::at)),
                net.jqwik.api.Tuple.of(4, Arbitraries.longs().between(0, Timestamp.MAX_VALUE).map(Frontier::at)));
    }

    @Property
    void meetAndJoinAreCommutative(@ForAll("frontiers") Frontier a, @ForAll("frontiers") Frontier b) {
        assertEquals(a.meet(b), b.meet(a));
        assertEquals(a.join(b), b.join(a));
    }

    @Property
    void meetAndJoinAreAssociative(@ForAll("frontiers") Frontier a, @ForAll("frontiers") Frontier b,
                                   @ForAll("frontiers") Frontier c) {
        assertEquals(a.meet(b).meet(c), a.meet(b.meet(c)));
        assertEquals(a.join(b).join(c), a.join(b.join(c)));
    }

    @Property
    void meetAndJoinAreIdempotent(@ForAll("frontiers") Frontier a) {
        assertEquals(a, a.meet(a));
        assertEquals(a, a.join(a));
    }

    @Property
    void absorption(@ForAll("frontiers") Frontier a, @ForAll("frontiers") Frontier b) {
        assertEquals(a, a.meet(a.join(b)));
        assertEquals(a, a.join(a.meet(b)));
    }

    @Property
    void orderAgreesWithMeetAndJoin(@ForAll("frontiers") Frontier a, @ForAll("frontiers") Frontier b) {
        assertEquals(a.lessEqual(b), a.meet(b).equals(a));
        assertEquals(a.lessEqual(b), a.join(b).equals(b));
        assertTrue(Frontier.MIN.lessEqual(a));
        assertTrue(a.lessEqual(Frontier.EMPTY));
        assertEquals(a.equals(b), a.hashCode() == b.hashCode() && a.compareTo(b) == 0);
    }

    @Property
    void sealedTimesAreExactlyThoseBelowTheFrontier(@ForAll("frontiers") Frontier f, @ForAll("times") long t) {
        assertEquals(!f.lessEqual(t), f.isSealed(t));
        if (f.isEmpty()) {
            assertTrue(f.isSealed(t));
        } else {
            assertEquals(t < f.time(), f.isSealed(t));
        }
    }

    @Provide
    Arbitrary<Long> times() {
        return Arbitraries.oneOf(Arbitraries.longs().between(0, 60), Arbitraries.longs().between(0, Timestamp.MAX_VALUE));
    }

    @Test
    void afterMaxIsTheEmptyFrontier() {
        assertEquals(Frontier.EMPTY, Frontier.after(Timestamp.MAX_VALUE));
        assertEquals(Frontier.at(6), Frontier.after(5));
        assertThrows(IllegalStateException.class, Frontier.EMPTY::time);
        assertThrows(IllegalArgumentException.class, () -> Frontier.at(-1));
        assertThrows(IllegalArgumentException.class, () -> Frontier.at(Long.MAX_VALUE));
        assertFalse(Frontier.EMPTY.lessEqual(Timestamp.MAX_VALUE));
        assertEquals("{}", Frontier.EMPTY.toString());
        assertEquals("{5}", Frontier.at(5).toString());
    }

    @Test
    void timestampLatticeAndAdvance() {
        assertEquals(Timestamp.of(3), Timestamp.of(3).meet(Timestamp.of(9)));
        assertEquals(Timestamp.of(9), Timestamp.of(3).join(Timestamp.of(9)));
        assertTrue(Timestamp.of(3).lessEqual(Timestamp.of(3)));
        assertEquals(10, Timestamp.advanceBy(4, Frontier.at(10)));
        assertEquals(12, Timestamp.advanceBy(12, Frontier.at(10)));
        assertEquals(12, Timestamp.advanceBy(12, Frontier.EMPTY));
        assertThrows(IllegalArgumentException.class, () -> Timestamp.of(-1));
    }
}
