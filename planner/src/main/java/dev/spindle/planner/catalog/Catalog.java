package dev.spindle.planner.catalog;

import dev.spindle.common.id.GlobalId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * An immutable snapshot of the catalog: tables, views and indexes by id and by name (one name
 * space for all three, as in PostgreSQL). A change makes a new snapshot ({@link #with},
 * {@link #without}); the coordinator publishes snapshots atomically, so a planner holding one sees
 * a consistent catalog however long it plans. System items (the system relations, ids of kind
 * {@code SYSTEM}, added by {@link #withSystem}) are found by id and listed by
 * {@link #systemItems()} and {@link #indexesOn}, but neither by name nor by {@link #items()}.
 *
 * <p>Thread-safety: immutable.
 */
public final class Catalog {
    private static final Catalog EMPTY = new Catalog(Map.of(), Map.of());

    private final Map<GlobalId, CatalogItem> byId;
    private final Map<String, GlobalId> byName;

    private Catalog(Map<GlobalId, CatalogItem> byId, Map<String, GlobalId> byName) {
        this.byId = byId;
        this.byName = byName;
    }

    /** The catalog with nothing in it. */
    public static Catalog empty() {
        return EMPTY;
    }

    /**
     * This catalog with {@code item} added or replaced (same id).
     *
     * @throws IllegalArgumentException if another item has the same name
     */
    public Catalog with(CatalogItem item) {
        GlobalId other = byName.get(item.name());
        if (other != null && !other.equals(item.id())) {
            throw new IllegalArgumentException("name " + item.name() + " is taken by " + other);
        }
        Map<GlobalId, CatalogItem> ids = new TreeMap<>(byId);
        CatalogItem old = ids.put(item.id(), item);
        Map<String, GlobalId> names = new TreeMap<>(byName);
        if (old != null) {
            names.remove(old.name());
        }
        names.put(item.name(), item.id());
        return new Catalog(Collections.unmodifiableMap(ids), Collections.unmodifiableMap(names));
    }

    /**
     * This catalog with system item {@code item} added or replaced: found by id but not by name,
     * since system items live in their own schemas ({@code dev.spindle.planner.system}) and leave
     * the user's name space alone.
     */
    public Catalog withSystem(CatalogItem item) {
        if (item.id().kind() != GlobalId.Kind.SYSTEM) {
            throw new IllegalArgumentException("not a system id: " + item.id());
        }
        Map<GlobalId, CatalogItem> ids = new TreeMap<>(byId);
        ids.put(item.id(), item);
        return new Catalog(Collections.unmodifiableMap(ids), byName);
    }

    /** This catalog without item {@code id} (unchanged if absent). */
    public Catalog without(GlobalId id) {
        CatalogItem old = byId.get(id);
        if (old == null) {
            return this;
        }
        Map<GlobalId, CatalogItem> ids = new TreeMap<>(byId);
        ids.remove(id);
        Map<String, GlobalId> names = new TreeMap<>(byName);
        names.remove(old.name());
        return new Catalog(Collections.unmodifiableMap(ids), Collections.unmodifiableMap(names));
    }

    /**
     * Whether {@code other} has exactly this catalog's tables and views (the same items, so the
     * same names, columns, constraints and view definitions; system items included) and may
     * differ only in its indexes. What Calcite makes of a query depends on the relations alone,
     * never on the indexes (which only the lowering chooses), so such a change leaves a kept
     * Calcite plan valid.
     */
    public boolean sameRelations(Catalog other) {
        if (other == this) {
            return true;
        }
        return relationsIn(this, other) && relationsIn(other, this);
    }

    /** Whether every table and view of {@code a} is the very same item in {@code b}. */
    private static boolean relationsIn(Catalog a, Catalog b) {
        for (Map.Entry<GlobalId, CatalogItem> e : a.byId.entrySet()) {
            if (!(e.getValue() instanceof CatalogItem.Index) && b.byId.get(e.getKey()) != e.getValue()) {
                return false;
            }
        }
        return true;
    }

    /** The item with {@code id}. */
    public Optional<CatalogItem> get(GlobalId id) {
        return Optional.ofNullable(byId.get(id));
    }

    /** The item named {@code name} (as stored). */
    public Optional<CatalogItem> byName(String name) {
        GlobalId id = byName.get(name);
        return id == null ? Optional.empty() : Optional.of(byId.get(id));
    }

    /** Every user item (not the system items, see {@link #systemItems()}), by id. */
    public List<CatalogItem> items() {
        return items(CatalogItem.class);
    }

    /** Every system item ({@link #withSystem}), by id. */
    public List<CatalogItem> systemItems() {
        List<CatalogItem> out = new ArrayList<>();
        for (CatalogItem i : byId.values()) {
            if (i.id().kind() == GlobalId.Kind.SYSTEM) {
                out.add(i);
            }
        }
        return out;
    }

    /** Every user item of {@code kind}, by id. */
    public <T extends CatalogItem> List<T> items(Class<T> kind) {
        List<T> out = new ArrayList<>();
        for (CatalogItem i : byId.values()) {
            if (kind.isInstance(i) && i.id().kind() != GlobalId.Kind.SYSTEM) {
                out.add(kind.cast(i));
            }
        }
        return out;
    }

    /** The indexes on collection {@code on}, system ones included, by id (so the oldest first). */
    public List<CatalogItem.Index> indexesOn(GlobalId on) {
        List<CatalogItem.Index> out = new ArrayList<>();
        for (CatalogItem i : byId.values()) {
            if (i instanceof CatalogItem.Index && ((CatalogItem.Index) i).on().equals(on)) {
                out.add((CatalogItem.Index) i);
            }
        }
        return out;
    }

    /** The items that depend on {@code id} directly, by id. */
    public List<CatalogItem> dependents(GlobalId id) {
        List<CatalogItem> out = new ArrayList<>();
        for (CatalogItem i : byId.values()) {
            if (i.dependsOn().contains(id)) {
                out.add(i);
            }
        }
        return out;
    }

    /** The items that depend on {@code id}, directly or not, dependents before what they depend on. */
    public List<CatalogItem> dependentsTransitively(GlobalId id) {
        Map<GlobalId, CatalogItem> seen = new LinkedHashMap<>();
        collect(id, seen);
        return new ArrayList<>(seen.values()); // post-order: each item after everything that depends on it
    }

    private void collect(GlobalId id, Map<GlobalId, CatalogItem> seen) {
        for (CatalogItem d : dependents(id)) {
            if (!seen.containsKey(d.id())) {
                collect(d.id(), seen);
                seen.put(d.id(), d);
            }
        }
    }
}
