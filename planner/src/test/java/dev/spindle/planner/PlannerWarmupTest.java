package dev.spindle.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The warm-up a file-mode open starts must really plan its queries (a query that stopped planning,
 * after a grammar or planner change, would leave the first user query to pay the warm-up again,
 * silently), and start one thread per JVM however many databases open.
 */
class PlannerWarmupTest {
    @Test
    void everyWarmUpQueryPlans() {
        assertEquals(PlannerWarmup.queries(), PlannerWarmup.run(PlannedQueryTest::parse));
    }

    @Test
    void oneThreadPerJvm() throws Exception {
        PlannerWarmup.startOnce(PlannedQueryTest::parse);
        PlannerWarmup.startOnce(PlannedQueryTest::parse);
        long threads = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("spindle-planner-warmup")).count();
        assertEquals(true, threads <= 1, threads + " warm-up threads");
    }
}
