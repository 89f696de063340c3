package dev.spindle.compute.controller;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.time.Frontier;
import java.util.HashMap;
import java.util.Map;

/**
 * The upper and since of each index as each of its workers last reported them, combined over
 * workers: an index's upper is the meet (times before it are complete everywhere), its since the
 * join.
 *
 * <p>Not thread-safe: guarded by the {@link ComputeController}'s monitor, whose waiters
 * ({@code awaitUpperPast}) a report wakes.
 */
final class ReportedFrontiers {
    /** id to {uppers, sinces}, one entry per worker (null until that worker reported). */
    private final Map<GlobalId, Frontier[][]> byIndex = new HashMap<>();

    /** Records worker {@code worker}'s report (of {@code workers}) on index {@code id}. */
    void report(GlobalId id, int worker, int workers, Frontier upper, Frontier since) {
        Frontier[][] f = byIndex.computeIfAbsent(id, k -> new Frontier[2][workers]);
        f[0][worker] = upper;
        f[1][worker] = since;
    }

    /** Forgets index {@code id} (dropped or failed). */
    void remove(GlobalId id) {
        byIndex.remove(id);
    }

    /** The meet of the workers' uppers; {@link Frontier#MIN} until every worker reported. */
    Frontier upper(GlobalId id) {
        Frontier[][] f = byIndex.get(id);
        if (f == null) {
            return Frontier.MIN;
        }
        Frontier out = Frontier.EMPTY;
        for (Frontier u : f[0]) {
            out = out.meet(u == null ? Frontier.MIN : u);
        }
        return out;
    }

    /** The join of the workers' sinces; {@link Frontier#MIN} before any report. */
    Frontier since(GlobalId id) {
        Frontier[][] f = byIndex.get(id);
        Frontier out = Frontier.MIN;
        if (f != null) {
            for (Frontier s : f[1]) {
                out = out.join(s == null ? Frontier.MIN : s);
            }
        }
        return out;
    }
}
