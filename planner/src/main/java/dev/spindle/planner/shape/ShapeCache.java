package dev.spindle.planner.shape;

import dev.spindle.planner.catalog.Catalog;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The shapes planned over the latest catalog snapshot, by key ({@link LiteralLifter}): a
 * {@link ShapeTemplate}, or the mark that the shape does not plan (Calcite refused it or the
 * lowering failed on it; such queries are planned as they are). A new snapshot (any DDL) starts an
 * empty cache; so does a full one, at {@link #CAPACITY} shapes.
 *
 * <p>Thread-safety: safe for concurrent use; the snapshot's map is published atomically and is a
 * concurrent map. Two threads missing the same shape may both plan it; the last one's stays.
 */
public final class ShapeCache {
    /** The most shapes kept per snapshot. */
    public static final int CAPACITY = 4096;

    /** The entry of a shape that does not plan. */
    public static final Object UNPLANNABLE = new Object() {
        @Override
        public String toString() {
            return "unplannable";
        }
    };

    private record Generation(Catalog catalog, Map<String, Object> shapes) {
    }

    private final AtomicReference<Generation> current = new AtomicReference<>();

    /** The entry of {@code key} over {@code catalog}: a template, {@link #UNPLANNABLE}, or null. */
    public Object get(Catalog catalog, String key) {
        Generation g = current.get();
        return g == null || g.catalog() != catalog ? null : g.shapes().get(key);
    }

    /** Keeps {@code entry} (a template or {@link #UNPLANNABLE}) for {@code key} over {@code catalog}. */
    public void put(Catalog catalog, String key, Object entry) {
        Generation g = current.get();
        if (g == null || g.catalog() != catalog || g.shapes().size() >= CAPACITY) {
            Generation fresh = new Generation(catalog, new ConcurrentHashMap<>());
            if (!current.compareAndSet(g, fresh)) {
                return; // another thread moved on; this entry is not worth a retry
            }
            g = fresh;
        }
        g.shapes().put(key, entry);
    }

    /** The number of shapes kept for the current snapshot (for tests and introspection). */
    public int size() {
        Generation g = current.get();
        return g == null ? 0 : g.shapes().size();
    }
}
