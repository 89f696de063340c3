package dev.spindle.planner.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.spindle.planner.catalog.Catalog;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The shape cache: per catalog snapshot but for catalog-free templates, least recently used shapes go first. */
class ShapeCacheTest {
    private static LiteralLifter.Key key(int i) {
        return new LiteralLifter.Key("SELECT " + i, List.of(), i % 2 == 0);
    }

    @Test
    void theLeastRecentlyUsedShapeGoesWhenFull() {
        ShapeCache cache = new ShapeCache();
        Catalog c = Catalog.empty();
        Object first = new Object();
        cache.put(c, key(0), first);
        cache.put(c, key(1), new Object());
        for (int i = 2; i <= ShapeCache.CAPACITY; i++) {
            assertSame(first, cache.get(c, key(0)), "a shape in use stays"); // used again and again
            cache.put(c, key(i), new Object());
        }
        assertEquals(ShapeCache.CAPACITY, cache.size());
        assertSame(first, cache.get(c, key(0)));
        assertNull(cache.get(c, key(1)), "the one never used again went");
    }

    @Test
    void anotherSnapshotStartsEmpty() {
        ShapeCache cache = new ShapeCache();
        Catalog a = Catalog.empty();
        Catalog b = a.with(dev.spindle.planner.catalog.CatalogItem.Table.of(dev.spindle.common.id.GlobalId.user(1), "t",
                new dev.spindle.common.type.RelationDesc(List.of())));
        cache.put(a, key(0), ShapeCache.UNPLANNABLE);
        assertSame(ShapeCache.UNPLANNABLE, cache.get(a, key(0)));
        assertNull(cache.get(b, key(0)));
        cache.put(b, key(1), ShapeCache.UNPLANNABLE);
        assertNull(cache.get(a, key(0)), "the old snapshot's shapes are gone");
        assertEquals(1, cache.size());
    }
}
