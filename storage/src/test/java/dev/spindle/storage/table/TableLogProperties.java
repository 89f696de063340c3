package dev.spindle.storage.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.common.update.Consolidation;
import dev.spindle.common.update.Update;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** {@link TableLog} against a naive oracle: the sum of every appended update at times {@code <= t}. */
class TableLogProperties {

    static final RelationDesc DESC = RelationDesc.of(
            new Column("k", ColumnType.of(TypeKind.INTEGER).withNullable(false)),
            new Column("v", ColumnType.of(TypeKind.TEXT)));

    static TableLog load(History h) {
        TableLog log = new TableLog(GlobalId.user(1), DESC);
        for (History.Step s : h.steps) {
            log.append(s.updates(), s.ts());
        }
        return log;
    }

    @Property(tries = 300)
    void snapshotEqualsNaiveSumBeforeAndAfterCompaction(@ForAll long seed, @ForAll @IntRange(min = 0, max = 40) int appends,
                                                         @ForAll @IntRange(min = 0, max = 100) int sincePercent) {
        History h = History.random(seed, appends, 8, 12);
        TableLog log = load(h);
        long upper = log.upper().time();
        for (long t = 0; t < upper; t++) {
            assertEquals(h.naiveSnapshot(t), log.snapshot(t), "before compaction, at " + t);
        }
        long since = upper * sincePercent / 100;
        log.compact(Frontier.at(since));
        assertEquals(Frontier.at(since), log.since());
        for (long t = since; t < upper; t++) {
            assertEquals(h.naiveSnapshot(t), log.snapshot(t), "after compact(" + since + "), at " + t);
        }
    }

    @Property(tries = 200)
    void compactionInterleavedWithAppendsNeverChangesValidReads(@ForAll long seed,
                                                                @ForAll @IntRange(min = 1, max = 40) int appends) {
        History h = History.random(seed, appends, 6, 8);
        TableLog log = new TableLog(GlobalId.user(1), DESC);
        java.util.Random rnd = new java.util.Random(seed);
        for (History.Step s : h.steps) {
            log.append(s.updates(), s.ts());
            if (rnd.nextInt(3) == 0) {
                long upper = log.upper().time();
                long since = log.since().time() + rnd.nextInt((int) (upper - log.since().time()) + 1);
                log.compact(Frontier.at(since));
            }
            for (long t = log.since().time(); t < log.upper().time(); t++) {
                assertEquals(h.naiveSnapshot(t), log.snapshot(t), "at " + t);
            }
        }
    }

    @Property(tries = 200)
    void fromTheLastUpdateTimeOnEveryReadableTimeHoldsTheSameRows(@ForAll long seed,
                                                                 @ForAll @IntRange(min = 0, max = 40) int appends) {
        History h = History.random(seed, appends, 6, 8);
        TableLog log = new TableLog(GlobalId.user(1), DESC);
        java.util.Random rnd = new java.util.Random(seed);
        long naiveLatest = -1;
        assertEquals(-1, log.lastUpdateTime());
        for (int i = 0; i < h.steps.size(); i++) {
            History.Step s = h.steps.get(i);
            log.append(s.updates(), s.ts());
            for (Update u : s.updates()) {
                naiveLatest = Math.max(naiveLatest, u.time());
            }
            long next = i + 1 < h.steps.size() ? h.steps.get(i + 1).ts() : s.ts() + 5;
            if (next > s.ts() + 1 && rnd.nextBoolean()) { // time passes without data (commits elsewhere)
                log.append(List.of(), s.ts() + 1 + rnd.nextInt((int) (next - s.ts() - 1)));
            }
            if (rnd.nextInt(4) == 0) {
                long upper = log.upper().time();
                log.compact(Frontier.at(log.since().time() + rnd.nextInt((int) (upper - log.since().time()) + 1)));
            }
            assertEquals(naiveLatest, log.lastUpdateTime());
            long latest = log.upper().time() - 1;
            if (latest < log.since().time()) {
                continue; // nothing readable yet
            }
            List<String> now = rows(log.snapshot(latest));
            for (long t = Math.max(log.lastUpdateTime(), log.since().time()); t < latest; t++) {
                assertEquals(now, rows(log.snapshot(t)), "at " + t + ", last update at " + log.lastUpdateTime());
            }
        }
    }

    /** A snapshot's rows and counts, without the read time each update carries. */
    private static List<String> rows(List<Update> snapshot) {
        List<String> out = new ArrayList<>();
        for (Update u : snapshot) {
            out.add(u.row() + " x" + u.diff());
        }
        return out;
    }

    @Property(tries = 300)
    void listenDeliversContiguousBatchesWhoseUpdatesAreTheLogFromThatTime(
            @ForAll long seed, @ForAll @IntRange(min = 0, max = 30) int appends,
            @ForAll @IntRange(min = 0, max = 30) int listenAfter, @ForAll @IntRange(min = 0, max = 100) int fromPercent) {
        History h = History.random(seed, appends, 6, 10);
        TableLog log = new TableLog(GlobalId.user(1), DESC);
        Subscription sub = null;
        long from = -1;
        for (int i = 0; i <= h.steps.size(); i++) {
            if (i == Math.min(listenAfter, h.steps.size())) {
                long upper = log.upper().time();
                from = (upper + 5) * fromPercent / 100; // sometimes beyond the upper
                sub = log.listen(Frontier.at(from));
            }
            if (i < h.steps.size()) {
                log.append(h.steps.get(i).updates(), h.steps.get(i).ts());
            }
        }
        List<Update> received = new ArrayList<>();
        Frontier expectedLower = Frontier.at(from);
        TableBatch b;
        while ((b = sub.poll()) != null) {
            assertEquals(expectedLower, b.lower(), "contiguous descriptions");
            expectedLower = b.upper();
            received.addAll(b.updates());
        }
        assertTrue(log.upper().lessEqual(expectedLower), "the last batch reaches the upper");
        final long f = from;
        List<Update> expected = Consolidation.consolidate(h.all.stream().filter(u -> u.time() >= f).toList());
        assertEquals(expected, Consolidation.consolidate(received));
        assertNull(sub.poll());
        log.advanceUpper(Frontier.at(log.upper().time() + 3));
        TableBatch progress = sub.poll();
        if (log.upper().time() > from) {
            assertEquals(log.upper(), progress.upper(), "time-only batches reach listeners");
            assertTrue(progress.isEmpty());
        }
    }
}
