package dev.spindle.planner.system;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.common.update.Update;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.catalog.KeyConstraint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * {@link CatalogChanges#between}, which computes rows only for the items that changed and the
 * indexes naming them, against the oracle of comparing every row of both snapshots: random
 * histories of DDL-like steps (tables, views, indexes and re-exports added, dropped, replaced
 * under the same id with another name or columns), compared between random pairs of snapshots of
 * the history, in both directions.
 */
class CatalogChangesProperties {

    @Property(tries = 200)
    void onlyTheChangedItemsRowsAreComparedAndTheResultIsTheWholeDiff(@ForAll long seed) {
        Random r = new Random(seed);
        List<Catalog> history = new ArrayList<>();
        Catalog c = SystemCatalog.install(Catalog.empty());
        history.add(c);
        long[] next = {1};
        for (int step = 0; step < 30; step++) {
            c = step(c, r, next);
            history.add(c);
        }
        for (int k = 0; k < 40; k++) {
            Catalog a = history.get(r.nextInt(history.size()));
            Catalog b = history.get(r.nextInt(history.size()));
            assertEquals(oracle(a, b), CatalogChanges.between(a, b), "seed " + seed);
        }
    }

    /** One random change: most add, some drop (an index with its relation gone is dropped too), some replace. */
    private static Catalog step(Catalog c, Random r, long[] next) {
        List<CatalogItem> items = c.items();
        List<CatalogItem> relations = new ArrayList<>();
        for (CatalogItem i : items) {
            if (!(i instanceof CatalogItem.Index)) {
                relations.add(i);
            }
        }
        int what = r.nextInt(10);
        if (what < 3 || relations.isEmpty()) {
            GlobalId id = GlobalId.user(next[0]++);
            RelationDesc desc = desc(r);
            List<KeyConstraint> keys = r.nextBoolean() ? List.of() : List.of(new KeyConstraint("t" + id.toString() + "_pkey", true, List.of(0)));
            return c.with(new CatalogItem.Table(id, "t" + id, desc, keys, java.util.Collections.nCopies(desc.arity(), null)));
        }
        if (what < 4) {
            GlobalId id = GlobalId.user(next[0]++);
            CatalogItem on = relations.get(r.nextInt(relations.size()));
            return c.with(new CatalogItem.View(id, "v" + id, "SELECT * FROM " + on.name(), CatalogRelation.descOf(on), Set.of(on.id())));
        }
        if (what < 7) {
            GlobalId id = GlobalId.user(next[0]++);
            CatalogItem on = relations.get(r.nextInt(relations.size()));
            int col = r.nextInt(CatalogRelation.descOf(on).arity());
            ScalarExpr key = ScalarExpr.column(col, CatalogRelation.descOf(on).column(col).type());
            GlobalId source = null;
            for (CatalogItem.Index i : c.indexesOn(on.id())) {
                if (i.key().equals(List.of(key)) && i.reexportOf() == null) {
                    source = i.id();
                }
            }
            return c.with(new CatalogItem.Index(id, "i" + id, on.id(), List.of(key), List.of(col), source, r.nextBoolean()));
        }
        CatalogItem victim = items.get(r.nextInt(items.size()));
        if (what < 9 && victim instanceof CatalogItem.Table) { // replaced under its id: renamed, other columns
            CatalogItem.Table t = (CatalogItem.Table) victim;
            RelationDesc desc = r.nextBoolean() || !c.dependents(t.id()).isEmpty() ? t.desc() : desc(r); // indexes name its columns
            String name = t.name() + "_" + r.nextInt(3);
            if (c.byName(name).isPresent()) {
                return c;
            }
            return c.with(new CatalogItem.Table(t.id(), name, desc, List.of(), java.util.Collections.nCopies(desc.arity(), null)));
        }
        Catalog out = c.without(victim.id());
        for (boolean again = true; again; ) { // what depended on what is gone, transitively; re-exports of a dropped index
            again = false;
            Catalog now = out;
            for (CatalogItem i : now.items()) {
                boolean orphan = i.dependsOn().stream().anyMatch(d -> now.get(d).isEmpty())
                        || (i instanceof CatalogItem.Index && ((CatalogItem.Index) i).reexportOf() != null
                        && now.get(((CatalogItem.Index) i).reexportOf()).isEmpty());
                if (orphan) {
                    out = out.without(i.id());
                    again = true;
                }
            }
        }
        return out;
    }

    private static RelationDesc desc(Random r) {
        List<Column> cols = new ArrayList<>();
        TypeKind[] kinds = {TypeKind.INTEGER, TypeKind.BIGINT, TypeKind.TEXT, TypeKind.DOUBLE};
        int n = 1 + r.nextInt(3);
        for (int i = 0; i < n; i++) {
            cols.add(new Column("c" + i, ColumnType.of(kinds[r.nextInt(kinds.length)]).withNullable(r.nextBoolean())));
        }
        return new RelationDesc(cols);
    }

    /** Every row of both snapshots compared: what {@link CatalogChanges} did before it looked only at changes. */
    private static Map<GlobalId, List<Update>> oracle(Catalog before, Catalog after) {
        Map<GlobalId, List<Update>> out = new LinkedHashMap<>();
        for (CatalogRelation rel : CatalogRelation.values()) {
            Map<Row, Long> counts = new TreeMap<>();
            for (Row row : rel.rows(before)) {
                counts.merge(row, -1L, Long::sum);
            }
            for (Row row : rel.rows(after)) {
                counts.merge(row, 1L, Long::sum);
            }
            List<Update> updates = new ArrayList<>();
            counts.forEach((row, diff) -> {
                if (diff != 0) {
                    updates.add(new Update(row, 0, diff));
                }
            });
            if (!updates.isEmpty()) {
                out.put(rel.id(), updates);
            }
        }
        return out;
    }

}
