package dev.spindle.compute.interactive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import dev.spindle.compute.peek.PeekResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A whole scenario with every command and response crossing the controller/runtime seam as bytes
 * (the controller's wire mode): indexes, a re-export, errors, the slow path, compaction, drops,
 * a deadline and introspection all work, so nothing callable or shared crosses the seam.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WireScenarioTest {
    static final GlobalId I1 = GlobalId.user(10);
    static final GlobalId I2 = GlobalId.user(11);
    static final GlobalId I3 = GlobalId.user(12);

    @ParameterizedTest
    @EnumSource(RuntimeMode.class)
    void aScenarioThroughBytes(RuntimeMode mode) throws Exception {
        try (SplitFixture f = new SplitFixture(mode, 2, true)) {
            for (long t = 1; t <= 5; t++) {
                f.write(t, Update.insert(Row.of(t % 3, t), t), Update.insert(Row.of(t, t % 2), t));
            }
            f.createIndex(I1, 1);
            f.created.get(20, TimeUnit.SECONDS);
            f.createReexport(I2, I1, 1);
            f.created.get(20, TimeUnit.SECONDS);
            f.createDividingIndex(I3, 1);
            f.created.get(20, TimeUnit.SECONDS);
            assertEquals(f.contents(5), f.rows(I1, 5));
            assertEquals(f.contents(3), f.rows(I2, 3));
            assertEquals(ErrorCode.DIVISION_BY_ZERO_0,
                    assertInstanceOf(PeekResponse.Error.class, f.peek(I3, 5).get(20, TimeUnit.SECONDS)).error().code());
            assertEquals(f.countPerKey(5),
                    assertInstanceOf(PeekResponse.Rows.class, f.countPerKeySlowPath(I1, 5).get(20, TimeUnit.SECONDS)).rows());
            IntrospectionCollector introspection = IntrospectionCollector.start(f.ctl, f.tables);
            long ts = introspection.refresh();
            List<Row> sizes = f.rows(IntrospectionRelation.ARRANGEMENT_SIZES_TOTAL.indexId(), ts);
            assertTrue(sizes.contains(Row.of(I2.toString(), 0L, 0L, 0L)), sizes.toString());

            f.ctl.allowCompaction(I1, Frontier.at(4));
            f.ctl.allowCompaction(I2, Frontier.at(4));
            f.write(6, Update.insert(Row.of(0L, 6L), 6));
            assertEquals(f.contents(6), f.rows(I2, 6));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (!(f.ctl.upper(I1).equals(Frontier.at(7)) && f.ctl.since(I1).equals(Frontier.at(4)))
                    && System.nanoTime() < deadline) {
                Thread.sleep(2);
            }
            assertEquals(Frontier.at(7), f.ctl.upper(I1), "the workers' frontier reports reached the controller");
            assertEquals(Frontier.at(4), f.ctl.since(I1));

            f.ctl.dropIndex(I1);
            assertEquals(ErrorCode.INDEX_DROPPED_1,
                    assertInstanceOf(PeekResponse.Error.class, f.peek(I1, 6).get(20, TimeUnit.SECONDS)).error().code());
            f.write(7, Update.insert(Row.of(1L, 7L), 7));
            assertEquals(f.contents(7), f.rows(I2, 7), "the re-export keeps serving");
            PeekResponse late = f.ctl.peek(dev.spindle.compute.peek.PeekRequest.all(I2, 100), Duration.ofMillis(30))
                    .get(20, TimeUnit.SECONDS);
            assertEquals(ErrorCode.STATEMENT_TIMEOUT_0, assertInstanceOf(PeekResponse.Error.class, late).error().code());
            f.ctl.dropIndex(I2);
            f.ctl.dropIndex(I3);
            assertFalse(f.ctl.liveDataflows().stream().anyMatch(id -> id < 1L << 40), "only introspection is left");
        }
    }
}
