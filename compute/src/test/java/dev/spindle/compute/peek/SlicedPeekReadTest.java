package dev.spindle.compute.peek;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.PackedRows;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.compute.arrangement.batch.BatchBuilder;
import dev.spindle.compute.arrangement.batch.Description;
import dev.spindle.compute.arrangement.spine.Spine;
import dev.spindle.compute.arrangement.spine.TracePair;
import dev.spindle.compute.export.TraceBundle;
import dev.spindle.compute.export.TraceManager;
import dev.spindle.compute.operator.EvalErrors;
import dev.spindle.compute.operator.arrange.TraceHandleReader;
import dev.spindle.compute.plan.RowSetFinishing;
import dev.spindle.compute.sharing.ArrangementSharingRegistry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Both peek services read in slices (the interactive fast path and the solo workers): a scan of a large index takes many steps, a point
 * peek that arrives meanwhile is answered in the next step, and the scan's slices together give
 * exactly the index's contents.
 */
class SlicedPeekReadTest {
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

    @Test
    void soloPeeksAreReadInSlicesToo() {
        int keys = SlicedRead.FUEL * 4 + 5;
        TracePair o = Spine.create();
        TracePair e = Spine.create();
        BatchBuilder b = new BatchBuilder();
        for (long k = 0; k < keys; k++) {
            b.push(Row.of(k), Row.of(k, -k), 1, 1);
        }
        o.writer().insert(b.build(Description.of(Frontier.MIN, Frontier.at(2))));
        e.writer().insert(new BatchBuilder().build(Description.of(Frontier.MIN, Frontier.at(2))));
        TraceManager traces = new TraceManager();
        traces.install(1, new TraceBundle(INDEX, new TraceHandleReader(o.handle()), new TraceHandleReader(e.handle())));

        Map<UUID, PeekPartial> answers = new HashMap<>();
        PeekService service = new PeekService();
        PeekRequest scan = PeekRequest.all(INDEX, 1);
        service.add(scan, (uuid, worker, partial) -> answers.put(uuid, partial));
        assertTrue(service.step(traces, 0));
        assertEquals(1, service.size(), "the scan is being read");
        PeekRequest point = new PeekRequest(UUID.randomUUID(), INDEX, 1, Row.of(77L), null, RowSetFinishing.none());
        service.add(point, (uuid, worker, partial) -> answers.put(uuid, partial));
        service.step(traces, 0);
        assertEquals(List.of(Row.of(77L, -77L)), rows(answers.get(point.uuid())), "answered before the scan");
        assertFalse(answers.containsKey(scan.uuid()));
        while (!answers.containsKey(scan.uuid())) {
            assertTrue(service.step(traces, 0));
        }
        assertEquals(0, service.size());
        List<Row> expected = new ArrayList<>();
        for (long k = 0; k < keys; k++) {
            expected.add(Row.of(k, -k));
        }
        assertEquals(expected, rows(answers.get(scan.uuid())));
        traces.removeDataflow(1);
        o.writer().close();
        e.writer().close();
    }

    @Test
    void soloSlicedReadsKeepTheGates() {
        TracePair o = Spine.create();
        TracePair e = Spine.create();
        BatchBuilder b = new BatchBuilder();
        b.push(Row.of(1L), Row.of(1L, 1L), 1, 1);
        o.writer().insert(b.build(Description.of(Frontier.MIN, Frontier.at(3))));
        BatchBuilder errs = new BatchBuilder();
        SpindleException boom = new SpindleException(ErrorCode.DIVISION_BY_ZERO_0);
        errs.push(EvalErrors.toRow(boom), EvalErrors.toRow(boom), 2, 1); // an error from time 2 on
        e.writer().insert(errs.build(Description.of(Frontier.MIN, Frontier.at(3))));
        TraceHandleReader oks = new TraceHandleReader(o.handle());
        TraceHandleReader errReader = new TraceHandleReader(e.handle());
        TraceManager traces = new TraceManager();
        traces.install(1, new TraceBundle(INDEX, oks, errReader));
        Map<UUID, PeekPartial> answers = new HashMap<>();
        PeekService service = new PeekService();
        PeekRequest clean = PeekRequest.all(INDEX, 1);
        PeekRequest failing = PeekRequest.all(INDEX, 2);
        PeekRequest unsealed = PeekRequest.all(INDEX, 3);
        for (PeekRequest r : List.of(clean, failing, unsealed)) {
            service.add(r, (uuid, worker, partial) -> answers.put(uuid, partial));
        }
        while (service.step(traces, 0)) {
            // read until only the unsealed peek waits
        }
        assertEquals(List.of(Row.of(1L, 1L)), rows(answers.get(clean.uuid())));
        PeekPartial.Error err = assertInstanceOf(PeekPartial.Error.class, answers.get(failing.uuid()), "errors before rows");
        assertEquals(ErrorCode.DIVISION_BY_ZERO_0, err.error().code());
        assertFalse(answers.containsKey(unsealed.uuid()), "the seal gate: time 3 is not sealed");
        assertEquals(1, service.size());

        // the since gate: once both arrangements compacted to 2, a read at 1 is refused
        oks.allowCompaction(Frontier.at(2));
        errReader.allowCompaction(Frontier.at(2));
        o.writer().work(1 << 20);
        e.writer().work(1 << 20);
        PeekRequest tooOld = PeekRequest.all(INDEX, 1);
        service.add(tooOld, (uuid, worker, partial) -> answers.put(uuid, partial));
        service.step(traces, 0);
        PeekPartial.Error refused = assertInstanceOf(PeekPartial.Error.class, answers.get(tooOld.uuid()));
        assertEquals(ErrorCode.COMPACTION_FRONTIER_BEYOND_READ_2, refused.error().code());
        traces.removeDataflow(1);
        o.writer().close();
        e.writer().close();
    }

    private static List<Row> rows(PeekPartial p) {
        return PackedRows.asList(assertInstanceOf(PeekPartial.Rows.class, p).parts());
    }
}
