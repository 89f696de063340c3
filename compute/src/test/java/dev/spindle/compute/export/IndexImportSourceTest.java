package dev.spindle.compute.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.update.Update;
import dev.spindle.compute.arrangement.batch.StagedUpdates;
import dev.spindle.compute.dataflow.DataflowBuilder;
import dev.spindle.compute.dataflow.DataflowShared;
import dev.spindle.compute.dataflow.InputPort;
import dev.spindle.compute.dataflow.OutputPort;
import dev.spindle.compute.dataflow.Waker;
import dev.spindle.compute.operator.arrange.SpineArrangement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link IndexImportSource} reads each update of the index it imports exactly once, even when it
 * starts before the index is sealed past its as-of and merges then advance times it has read
 * (the benchmark's P6 counted 1,050,000 rows of 1,000,000).
 */
class IndexImportSourceTest {

    /** One row at time {@code t} (key and value alike), in a batch up to {@code t + 1}. */
    private static void insert(SpineArrangement arr, long t) {
        StagedUpdates u = new StagedUpdates();
        Row r = Row.of(t);
        u.push(r, r, t, 1);
        arr.insert(u, arr.upper(), Frontier.at(t + 1));
        while (arr.work()) {
            // merge as far as the grants allow
        }
    }

    private static void seal(SpineArrangement arr, long upper) {
        arr.insert(new StagedUpdates(), arr.upper(), Frontier.at(upper));
    }

    @Test
    void anImportStartedBehindItsAsOfReadsEveryUpdateOnce() {
        SpineArrangement oks = new SpineArrangement();
        SpineArrangement errs = new SpineArrangement();
        TraceBundle index = new TraceBundle(GlobalId.user(1), oks.openReader(), errs.openReader());
        long asOf = 20;
        for (long t = 1; t <= 4; t++) {
            insert(oks, t);
        }
        seal(errs, 5);
        DataflowBuilder b = new DataflowBuilder(0, new DataflowShared(1, 1, new Waker[] {new Waker()}), Map.of());
        OutputPort oksOut = b.newOutput();
        OutputPort errsOut = b.newOutput();
        InputPort rows = b.connect(oksOut, null);
        b.connect(errsOut, null);
        IndexImportSource source = b.add(id -> new IndexImportSource(id, index, Frontier.at(asOf), oksOut, errsOut));
        List<Update> got = new ArrayList<>();
        source.run(); // the index is sealed through 4 only, the import's as-of is 20
        oksOut.flush();
        got.addAll(rows.drain());
        // the controller lets the index compact to 15 (a second behind the latest write): the
        // batches merge, times before 15 advanced to it, those the import may have read included
        index.allowCompaction(Frontier.at(15));
        for (long t = 5; t <= 25; t++) {
            insert(oks, t);
            seal(errs, t + 1);
            source.run();
            oksOut.flush();
            got.addAll(rows.drain());
        }
        Map<Row, Long> counts = new HashMap<>();
        for (Update u : got) {
            assertEquals(Math.max(asOf, ((Number) u.row().get(0)).longValue()), u.time(), u.toString());
            counts.merge(u.row(), u.diff(), Long::sum);
        }
        Map<Row, Long> expected = new HashMap<>();
        for (long t = 1; t <= 25; t++) {
            expected.put(Row.of(t), 1L);
        }
        assertEquals(expected, counts);
        source.close();
        index.close();
    }
}
