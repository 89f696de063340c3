package dev.spindle.compute.interactive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Update;
import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.compute.introspection.IntrospectionCollector;
import dev.spindle.compute.introspection.IntrospectionRelation;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.peek.PeekResponse;
import dev.spindle.compute.plan.RowSetFinishing;
import dev.spindle.compute.sharing.ArrangementSharingRegistry;
import dev.spindle.compute.sharing.PublicationPoint;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The introspection relations and their logging indexes on a split runtime (W = 2). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class IntrospectionTest {
    static final GlobalId I1 = GlobalId.user(10);
    static final GlobalId I2 = GlobalId.user(11);
    static final GlobalId I3 = GlobalId.user(12);

    private final SplitFixture f = new SplitFixture(RuntimeMode.SPLIT, 2);

    @AfterEach
    void close() {
        f.close();
    }

    private IntrospectionCollector setUp() throws Exception {
        List<Update> rows = new ArrayList<>();
        for (long i = 0; i < 100; i++) {
            rows.add(Update.insert(Row.of(i, i % 10), 1));
        }
        f.write(1, rows.toArray(new Update[0]));
        f.createIndex(I1, 1);
        f.createReexport(I2, I1, 1);
        f.createDividingIndex(I3, 1); // 10 rows have v = 0: ten division errors
        assertEquals(f.contents(1), f.rows(I1, 1));
        assertEquals(f.contents(1), f.rows(I2, 1));
        // wait until I3 is sealed past 1 too (its answer is the division error)
        assertTrue(f.peek(I3, 1).get(20, TimeUnit.SECONDS) instanceof dev.spindle.compute.peek.PeekResponse.Error);
        return IntrospectionCollector.start(f.ctl, f.tables);
    }

    private List<Row> read(IntrospectionRelation r, long t) throws Exception {
        return f.rows(r.indexId(), t);
    }

    @Test
    void invariant12_loggingIndexesArePublishedAtTheMinimumTime() throws Exception {
        IntrospectionCollector c = setUp();
        long ts = c.refresh();
        read(IntrospectionRelation.DATAFLOWS, ts); // waits until the logging indexes are sealed past ts
        for (IntrospectionRelation r : IntrospectionRelation.values()) {
            for (ArrangementSharingRegistry reg : f.ctl.runtime().registries()) {
                PublicationPoint p = reg.get(r.indexId()).orElseThrow(() -> new AssertionError(r + " not published"));
                assertTrue(p.isBacked(), r + " backed");
                assertEquals(Frontier.MIN, p.since(), r + " readable from the minimum time");
            }
        }
    }

    @Test
    void arrangementSizesPerWorkerAndSummedCountNothingForAReexport() throws Exception {
        IntrospectionCollector c = setUp();
        long ts = c.refresh();
        List<Row> perWorker = read(IntrospectionRelation.ARRANGEMENT_SIZES, ts);
        long i1Records = perWorker.stream().filter(r -> r.getString(0).equals(I1.toString())).mapToLong(r -> r.getLong(2)).sum();
        assertEquals(100, i1Records, "every record once, over the workers");
        assertEquals(2, perWorker.stream().filter(r -> r.getString(0).equals(I2.toString())).count(), "a row per worker");
        List<Row> total = read(IntrospectionRelation.ARRANGEMENT_SIZES_TOTAL, ts);
        Row i1 = total.stream().filter(r -> r.getString(0).equals(I1.toString())).findFirst().orElseThrow();
        Row i2 = total.stream().filter(r -> r.getString(0).equals(I2.toString())).findFirst().orElseThrow();
        assertEquals(100L, i1.getLong(1));
        assertTrue(i1.getLong(3) > 0, "bytes");
        assertEquals(Row.of(I2.toString(), 0L, 0L, 0L), i2, "a re-export adds no records");
    }

    @Test
    void errorCountsPublicationPointsPeeksAndDataflows() throws Exception {
        IntrospectionCollector c = setUp();
        UUID waiting = UUID.randomUUID();
        f.ctl.peek(new PeekRequest(waiting, GlobalId.user(99), 1, null, null, RowSetFinishing.none()));
        long ts = c.refresh();
        List<Row> errors = read(IntrospectionRelation.COMPUTE_ERROR_COUNTS, ts);
        assertTrue(errors.contains(Row.of(I3.toString(), 10L)), errors.toString());
        assertTrue(errors.contains(Row.of(I1.toString(), 0L)), errors.toString());
        assertTrue(errors.contains(Row.of(I2.toString(), 0L)), "a re-export forwards its source's count");

        List<Row> points = read(IntrospectionRelation.PUBLICATION_POINTS, ts);
        for (GlobalId id : List.of(I1, I2)) {
            assertEquals(2, points.stream().filter(r -> r.getString(0).equals(id.toString()) && r.getBoolean(2)).count(),
                    id + " backed on both ordinals: " + points);
        }
        assertTrue(points.stream().anyMatch(r -> r.getString(0).equals("u99") && !r.getBoolean(2)), "the placeholder");

        List<Row> active = read(IntrospectionRelation.ACTIVE_PEEKS, ts);
        assertTrue(active.contains(Row.of(waiting.toString(), "u99", 1L)), active.toString());

        List<Row> durations = read(IntrospectionRelation.PEEK_DURATIONS, ts);
        assertTrue(durations.stream().mapToLong(r -> r.getLong(1)).sum() >= 2, durations.toString());

        List<Row> dataflows = read(IntrospectionRelation.DATAFLOWS, ts);
        Row reexport = dataflows.stream().filter(r -> r.getString(1).equals("index " + I2)).findFirst().orElseThrow();
        assertEquals(0L, reexport.getLong(2), "a re-export's dataflow has no operators");
        f.ctl.cancel(waiting);
        long later = c.refresh();
        assertTrue(read(IntrospectionRelation.ACTIVE_PEEKS, later).stream()
                .noneMatch(r -> r.getString(0).equals(waiting.toString())), "retracted once answered");
        assertEquals(List.of(), read(IntrospectionRelation.ACTIVE_PEEKS, later).stream()
                .filter(r -> r.getString(1).equals("u99")).collect(Collectors.toList()));
    }

    @Test
    void aFailedDataflowShowsAsFailedWithItsError() throws Exception {
        IntrospectionCollector c = setUp();
        GlobalId broken = GlobalId.user(13);
        long df = f.createIndex(broken, 1);
        f.created.get(20, TimeUnit.SECONDS);
        f.breakInserts = broken;
        f.write(2, Update.insert(Row.of(500L, 1L), 2));
        assertEquals(ErrorCode.INTERNAL_ERROR_1, assertInstanceOf(PeekResponse.Error.class,
                f.peek(broken, 2).get(20, TimeUnit.SECONDS)).error().code());
        f.breakInserts = null;
        long ts = c.refresh();
        List<Row> dataflows = read(IntrospectionRelation.DATAFLOWS, ts);
        Row row = dataflows.stream().filter(r -> r.getLong(0) == df).findFirst().orElseThrow();
        assertEquals("failed", row.getString(3));
        assertTrue(row.getString(4).contains("insert refused"), row.toString());
        assertTrue(dataflows.stream().filter(r -> r.getLong(0) != df).allMatch(r -> r.getString(3).equals("running")
                && r.isNull(4)), dataflows.toString());
    }
}
