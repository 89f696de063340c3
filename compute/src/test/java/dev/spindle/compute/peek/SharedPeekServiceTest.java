package dev.spindle.compute.peek;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.PackedRows;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.batch.BatchBuilder;
import dev.spindle.compute.arrangement.batch.Description;
import dev.spindle.compute.arrangement.spine.Spine;
import dev.spindle.compute.arrangement.spine.TracePair;
import dev.spindle.compute.plan.RowSetFinishing;
import dev.spindle.compute.sharing.ArrangementSharingRegistry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The interactive fast path reads in slices: a scan of a large index takes many steps, a point
 * peek that arrives meanwhile is answered in the next step, and the scan's slices together give
 * exactly the index's contents.
 */
class SharedPeekServiceTest {
    private static final GlobalId INDEX = GlobalId.user(1);

    @Test
    void aPointPeekIsAnsweredInTheNextStepWhileAScanIsInProgress() {
        int keys = SharedPeekService.FUEL * 10 + 17;
        ArrangementSharingRegistry registry = new ArrangementSharingRegistry(0);
        registry.attachPublisher();
        TracePair o = Spine.create();
        TracePair e = Spine.create();
        BatchBuilder b = new BatchBuilder();
        for (long k = 0; k < keys; k++) {
            b.push(Row.of(k), Row.of(k, k * 10), 1, 1);
        }
        o.writer().insert(b.build(Description.of(Frontier.MIN, Frontier.at(2))));
        e.writer().insert(new BatchBuilder().build(Description.of(Frontier.MIN, Frontier.at(2))));
        registry.publish(INDEX, o.writer().trace(), e.writer().trace());
        o.handle().close();
        e.handle().close();

        Map<UUID, PeekPartial> answers = new HashMap<>();
        PeekService.Sink sink = (uuid, worker, partial) -> answers.put(uuid, partial);
        SharedPeekService service = new SharedPeekService(registry, 0);
        PeekRequest scan = PeekRequest.all(INDEX, 1);
        service.add(scan, sink);
        assertTrue(service.step(), "a scan of " + keys + " keys takes more than one step");
        PeekRequest point = new PeekRequest(UUID.randomUUID(), INDEX, 1, Row.of(12345L), null, RowSetFinishing.none());
        service.add(point, sink);
        service.step();
        assertTrue(answers.containsKey(point.uuid()), "the point peek is answered in the next step");
        assertFalse(answers.containsKey(scan.uuid()), "while the scan goes on");
        assertEquals(List.of(Row.of(12345L, 123450L)), rows(answers.get(point.uuid())));

        int steps = 2;
        boolean more;
        do {
            more = service.step();
            steps++;
        } while (more);
        assertEquals(11, steps, "one slice of " + SharedPeekService.FUEL + " keys per step");
        List<Row> expected = new ArrayList<>();
        for (long k = 0; k < keys; k++) {
            expected.add(Row.of(k, k * 10));
        }
        List<PackedRows> parts = assertInstanceOf(PeekPartial.Rows.class, answers.get(scan.uuid())).parts();
        assertEquals(11, parts.size(), "each slice's rows are a part of their own");
        assertEquals(expected, PackedRows.asList(parts));
        assertEquals(expected, new PeekResponse.Rows(parts, RowSetFinishing.none()).rows());
        o.writer().close();
        e.writer().close();
    }

    private static List<Row> rows(PeekPartial p) {
        return PackedRows.asList(assertInstanceOf(PeekPartial.Rows.class, p).parts());
    }
}
