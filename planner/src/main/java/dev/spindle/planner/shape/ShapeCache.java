package dev.spindle.planner.shape;

import dev.spindle.planner.catalog.Catalog;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The shapes planned so far, by key ({@link LiteralLifter}): a {@link ShapeTemplate}, or the mark
 * that the shape does not plan (Calcite refused it or the lowering failed on it; such queries are
 * planned as they are). The template of a {@linkplain LiteralLifter.Key#catalogFree catalog-free}
 * shape holds for every catalog snapshot, so it is kept across DDL (the corpus's {@code index/}
 * files create and drop their tables between questions of the same shapes); everything else (other
 * templates, the unplannable marks, Calcite's tables) is kept for the latest snapshot only, and a
 * new snapshot starts those afresh. Past {@link #CAPACITY} shapes, or past {@link #BUDGET} in their
 * templates' {@linkplain ShapeTemplate#weight() weights}, in either part, the least recently used
 * ones go (workloads of one-off statements pass through without evicting the shapes that repeat
 * only if those are used more recently: the corpus's {@code random/} files plan thousands of
 * one-off shapes). The weight bound keeps the heap the templates hold small when shapes are large:
 * {@code select5}'s 732 one-off joins of up to 64 tables held 4,096 plans of thousands of fields
 * each, which the collector copied and marked again and again (a sixth of that file's time).
 *
 * <p>Thread-safety: safe for concurrent use; the snapshot's generation is published atomically,
 * and each map is guarded by its own lock (an access-ordered map: a read moves an entry). Two
 * threads missing the same shape may both plan it; the last one's stays.
 */
public final class ShapeCache {
    /** The most shapes kept per snapshot. */
    public static final int CAPACITY = 4096;
    /** The most weight kept per part: 4,096 shapes of 64 units (a small query's plan weighs 10 to 50). */
    public static final long BUDGET = 4096L * 64;

    /** The entry of a shape that does not plan. */
    public static final Object UNPLANNABLE = new Object() {
        @Override
        public String toString() {
            return "unplannable";
        }
    };

    private record Generation(Catalog catalog, WeightedLru<LiteralLifter.Key, Object> shapes,
                              Map<String, org.apache.calcite.plan.RelOptTable> tables) {
    }

    /**
     * The most entries kept per text key: texts of one key differ in numbers that were not lifted
     * (an IN list in another order), each its own entry.
     */
    public static final int ENTRIES_PER_TEXT = 8;

    private final AtomicReference<Generation> current = new AtomicReference<>();
    /** The templates of catalog-free shapes, whatever the snapshot. */
    private final WeightedLru<LiteralLifter.Key, Object> catalogFree = lru(CAPACITY);
    /** What texts read before stood for ({@link ShapeText}); entries hold for any snapshot (checked as they bind). */
    private final WeightedLru<String, List<ShapeText.Entry>> texts =
            new WeightedLru<>(CAPACITY, (long) ENTRIES_PER_TEXT * CAPACITY, List::size);
    /** Whether a name is one of the parser's keywords (never read as a table by {@link ShapeText}). */
    private final java.util.function.Predicate<String> keyword;
    private final java.util.concurrent.atomic.AtomicLong textHits = new java.util.concurrent.atomic.AtomicLong();

    /** A cache without text entries ({@link #textEntries} finds none). */
    public ShapeCache() {
        this(null);
    }

    /**
     * @param keyword whether a lower-cased name is one of the parser's keywords (reserved or not);
     *     null: queries are not found by their text
     */
    public ShapeCache(java.util.function.Predicate<String> keyword) {
        this.keyword = keyword;
    }

    /** Whether queries are found by their text. */
    public boolean readsTexts() {
        return keyword != null;
    }

    /** {@code sql} read over {@code catalog} ({@link ShapeText#scan}), or null. */
    public ShapeText.Scan scan(String sql, Catalog catalog) {
        return keyword == null ? null : ShapeText.scan(sql, catalog, keyword);
    }

    /** The entries of a text's key, newest last (an immutable list; empty if none). */
    public List<ShapeText.Entry> textEntries(String key) {
        List<ShapeText.Entry> e = keyword == null ? null : texts.get(key);
        return e == null ? List.of() : e;
    }

    /**
     * Keeps what a text of key {@code key} stood for, after the key's other entries (the oldest
     * dropped past {@link #ENTRIES_PER_TEXT}). Two threads adding to one key at once may lose one
     * entry: it is made again by the next such text.
     */
    public void putText(String key, ShapeText.Entry entry) {
        if (keyword == null) {
            return;
        }
        List<ShapeText.Entry> old = textEntries(key);
        List<ShapeText.Entry> entries = new java.util.ArrayList<>(old.subList(Math.max(0, old.size() - ENTRIES_PER_TEXT + 1), old.size()));
        entries.add(entry);
        texts.put(key, List.copyOf(entries));
    }

    /** Counts a query planned from its text's entry. */
    public void textHit() {
        textHits.incrementAndGet();
    }

    /** How many queries were planned from their texts' entries (for tests and introspection). */
    public long textHits() {
        return textHits.get();
    }

    /** The entry of {@code key} over {@code catalog}: a template, {@link #UNPLANNABLE}, or null. */
    public Object get(Catalog catalog, LiteralLifter.Key key) {
        Generation g = current.get();
        Object entry = g == null || g.catalog() != catalog ? null : g.shapes().get(key);
        return entry == null && key.catalogFree() ? catalogFree.get(key) : entry;
    }

    /** Keeps {@code entry} (a template or {@link #UNPLANNABLE}) for {@code key} over {@code catalog}. */
    public void put(Catalog catalog, LiteralLifter.Key key, Object entry) {
        if (key.catalogFree() && entry instanceof ShapeTemplate) {
            catalogFree.put(key, entry);
            return;
        }
        Generation g = generation(catalog);
        if (g != null) { // else another thread moved on; this entry is not worth a retry
            g.shapes().put(key, entry);
        }
    }

    /** The generation of {@code catalog}, started now if need be; null if another thread moved on meanwhile. */
    private Generation generation(Catalog catalog) {
        Generation g = current.get();
        if (g != null && g.catalog() == catalog) {
            return g;
        }
        Generation fresh = new Generation(catalog, lru(CAPACITY), new ConcurrentHashMap<>());
        return current.compareAndSet(g, fresh) ? fresh : null;
    }

    /**
     * Calcite's table {@code name} of {@code catalog}, made by {@code resolve} once per snapshot
     * (resolving a name through Calcite's catalog reader costs more than binding a template).
     */
    public org.apache.calcite.plan.RelOptTable table(Catalog catalog, String name,
            java.util.function.Function<String, org.apache.calcite.plan.RelOptTable> resolve) {
        // a snapshot with no shape of its own yet (catalog-free templates bind over any) starts its
        // generation here, so its tables are resolved once, not per query
        Generation g = generation(catalog);
        return g == null ? resolve.apply(name) : g.tables().computeIfAbsent(name, resolve);
    }

    private static <K> WeightedLru<K, Object> lru(int capacity) {
        return new WeightedLru<>(capacity, BUDGET, e -> e instanceof ShapeTemplate ? ((ShapeTemplate) e).weight() : 1);
    }

    /** The number of shapes kept: catalog-free ones and the current snapshot's (for tests and introspection). */
    public int size() {
        Generation g = current.get();
        return catalogFree.size() + (g == null ? 0 : g.shapes().size());
    }
}
