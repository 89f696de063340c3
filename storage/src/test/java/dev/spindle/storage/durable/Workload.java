package dev.spindle.storage.durable;

import dev.spindle.common.row.Row;
import dev.spindle.common.update.Update;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * A deterministic sequence of log records (catalog changes and multi-table commits) with
 * checkpoints, applied to a {@link DurableStore} and to a model, which remembers the fingerprint of
 * the state after every record: a recovered store must equal one of them (a prefix of the commit
 * sequence) and hold at least every acknowledged record.
 *
 * <p>Not thread-safe.
 */
final class Workload {
    private final Random random;
    private final List<LogRecord.DdlEntry> catalog = new ArrayList<>();
    private final Map<Long, Map<Row, Long>> tables = new TreeMap<>();
    /** Fingerprint after record i (index 0: the empty state). */
    final List<Long> states = new ArrayList<>();
    private long hash;
    /** Records acknowledged (a prefix). */
    int acked;
    /** Records appended. */
    int appended;
    private long nextKey = 1;

    Workload(long seed) {
        this.random = new Random(seed);
        states.add(hash);
    }

    /**
     * Appends {@code records} records in groups of 1 to 4, waiting for each group, with a
     * checkpoint every {@code checkpointEvery} records; stops at the first failure (a crash) and
     * returns it, or null.
     */
    RuntimeException run(DurableStore store, int records, int checkpointEvery) {
        try {
            int sinceCheckpoint = 0;
            while (appended < records) {
                int group = 1 + random.nextInt(4);
                long last = -1;
                for (int g = 0; g < group && appended < records; g++) {
                    last = store.append(next());
                    appended++;
                    states.add(hash);
                    sinceCheckpoint++;
                }
                store.awaitDurable(last);
                acked = appended;
                if (sinceCheckpoint >= checkpointEvery) {
                    sinceCheckpoint = 0;
                    checkpoint(store);
                }
            }
            return null;
        } catch (RuntimeException e) {
            return e;
        }
    }

    void checkpoint(DurableStore store) {
        DurableStore.Checkpoint c = store.beginCheckpoint();
        Map<Long, List<Update>> snap = new TreeMap<>();
        for (Map.Entry<Long, Map<Row, Long>> t : tables.entrySet()) {
            List<Update> rows = new ArrayList<>();
            t.getValue().forEach((row, n) -> rows.add(new Update(row, 0, n)));
            snap.put(t.getKey(), rows);
        }
        store.completeCheckpoint(c, new ArrayList<>(catalog), snap);
    }

    private LogRecord next() {
        if (tables.isEmpty() || random.nextInt(25) == 0) {
            long key = nextKey++;
            LogRecord.DdlEntry e = new LogRecord.DdlEntry("CREATE TABLE t" + key + " (a INT, b TEXT)", key);
            catalog.add(e);
            hash += entryHash(catalog.size(), e);
            tables.put(key, new HashMap<>());
            return new LogRecord.Catalog(List.of(e));
        }
        List<Long> keys = new ArrayList<>(tables.keySet());
        int n = 1 + random.nextInt(Math.min(3, keys.size()));
        List<LogRecord.TableChange> changes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long key = keys.remove(random.nextInt(keys.size()));
            Map<Row, Long> t = tables.get(key);
            List<Update> ups = new ArrayList<>();
            int count = 1 + random.nextInt(random.nextInt(10) == 0 ? 200 : 6);
            for (int j = 0; j < count; j++) {
                if (!t.isEmpty() && random.nextInt(3) == 0) {
                    Row victim = t.keySet().iterator().next();
                    ups.add(new Update(victim, 0, -1));
                    change(key, t, victim, -1);
                } else {
                    Row row = Row.of((long) random.nextInt(1000), "v" + random.nextInt(50) + "-".repeat(random.nextInt(40)));
                    ups.add(new Update(row, 0, 1));
                    change(key, t, row, 1);
                }
            }
            changes.add(new LogRecord.TableChange(key, ups));
        }
        return new LogRecord.Commit(changes);
    }

    private void change(long key, Map<Row, Long> t, Row row, long diff) {
        long before = t.getOrDefault(row, 0L);
        long after = before + diff;
        hash += rowHash(key, row, after) - rowHash(key, row, before);
        if (after == 0) {
            t.remove(row);
        } else {
            t.put(row, after);
        }
    }

    /** The fingerprint of what {@code rec} recovered: checkpoint plus log, applied. */
    static long recovered(DurableStore.Recovered rec) {
        long h = 0;
        int n = 0;
        for (LogRecord.DdlEntry e : rec.catalog()) {
            h += entryHash(++n, e);
        }
        Map<Long, Map<Row, Long>> t = new TreeMap<>();
        rec.snapshots().forEach((k, ups) -> {
            Map<Row, Long> m = new HashMap<>();
            for (Update u : ups) {
                m.merge(u.row(), u.diff(), Long::sum);
            }
            t.put(k, m);
        });
        for (LogRecord r : rec.tail()) {
            if (r instanceof LogRecord.Catalog c) {
                for (LogRecord.DdlEntry e : c.statements()) {
                    h += entryHash(++n, e);
                }
            } else {
                for (LogRecord.TableChange ch : ((LogRecord.Commit) r).tables()) {
                    Map<Row, Long> m = t.computeIfAbsent(ch.tableKey(), k -> new HashMap<>());
                    for (Update u : ch.updates()) {
                        m.merge(u.row(), u.diff(), Long::sum);
                    }
                }
            }
        }
        for (Map.Entry<Long, Map<Row, Long>> e : t.entrySet()) {
            for (Map.Entry<Row, Long> r : e.getValue().entrySet()) {
                h += rowHash(e.getKey(), r.getKey(), r.getValue());
            }
        }
        return h;
    }

    private static long entryHash(int position, LogRecord.DdlEntry e) {
        return mix(mix(position * 31L + e.tableKey()) ^ e.sql().hashCode());
    }

    private static long rowHash(long key, Row row, long count) {
        if (count == 0) {
            return 0;
        }
        long h = mix(key * 0x9E3779B97F4A7C15L + count);
        for (byte b : row.toBytes()) {
            h = mix(h ^ b);
        }
        return h;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
