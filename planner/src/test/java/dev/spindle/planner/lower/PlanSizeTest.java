package dev.spindle.planner.lower;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.compute.plan.Plan;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class PlanSizeTest {
    /** {@code levels} unions, each reading the level below twice through one shared object. */
    private static Plan doubling(int levels) {
        Plan p = new Plan.Get(GlobalId.user(1));
        for (int i = 0; i < levels; i++) {
            p = new Plan.Union(List.of(p, new Plan.Negate(p)));
        }
        return p;
    }

    @Test
    void sharedSubtreesCountOncePerOccurrence() {
        // size(n) = 1 + size(n-1) + (1 + size(n-1)) = 2 size(n-1) + 2, size(0) = 1
        long expected = 1;
        for (int i = 0; i < 10; i++) {
            expected = 2 * expected + 2;
        }
        assertEquals(expected, PlanSize.of(doubling(10)));
    }

    @Test
    @Timeout(5)
    void anExplodingPlanIsRefusedQuickly() {
        PlanSize.check(List.of(doubling(10)));
        SpindleException e = assertThrows(SpindleException.class, () -> PlanSize.check(List.of(doubling(200))));
        assertEquals(ErrorCode.STATEMENT_TOO_COMPLEX_1, e.code());
        assertEquals("54001", e.sqlState());
    }

    @Test
    void plansOfOneStatementCountTogether() {
        Plan p = doubling(13); // 2^14 + ... operators: under the limit alone, not four times
        PlanSize.check(List.of(p));
        assertThrows(SpindleException.class, () -> PlanSize.check(List.of(p, p, p, p)));
    }
}
