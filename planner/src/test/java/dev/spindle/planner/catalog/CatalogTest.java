package dev.spindle.planner.catalog;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.compute.expr.ScalarExpr;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link Catalog#sameRelations}: which snapshots a kept Calcite plan stays valid over. */
class CatalogTest {
    private static final ColumnType INT = ColumnType.of(TypeKind.INTEGER);
    private static final RelationDesc DESC = new RelationDesc(List.of(new Column("k", INT)));
    private static final CatalogItem.Table T = CatalogItem.Table.of(GlobalId.user(1), "t", DESC);
    private static final CatalogItem.View V = new CatalogItem.View(GlobalId.user(2), "v", "SELECT k FROM t", DESC,
            Set.of(T.id()));

    private static CatalogItem.Index index(long id, String name) {
        return new CatalogItem.Index(GlobalId.user(id), name, T.id(), List.of(ScalarExpr.column(0, INT)), List.of(0), null);
    }

    @Test
    void snapshotsThatDifferInIndexesAloneHaveTheSameRelations() {
        Catalog a = Catalog.empty().with(T).with(V).with(index(3, "t_k"));
        Catalog b = a.with(index(4, "t_k2")).without(GlobalId.user(3));
        assertTrue(a.sameRelations(b));
        assertTrue(b.sameRelations(a));
        assertTrue(a.sameRelations(a));
    }

    @Test
    void aTableOrViewAddedDroppedOrReplacedChangesTheRelations() {
        Catalog a = Catalog.empty().with(T).with(V);
        assertFalse(a.sameRelations(a.with(CatalogItem.Table.of(GlobalId.user(5), "u", DESC))), "added");
        assertFalse(a.with(CatalogItem.Table.of(GlobalId.user(5), "u", DESC)).sameRelations(a), "dropped");
        assertFalse(a.sameRelations(a.without(V.id())), "view dropped");
        assertFalse(a.sameRelations(a.with(CatalogItem.Table.of(T.id(), "t", DESC))),
                "the same table as another item (a transaction's overlay, a new definition)");
        assertFalse(a.sameRelations(a.without(T.id()).with(CatalogItem.Table.of(GlobalId.user(6), "t", DESC))),
                "dropped and created again under the same name");
    }
}
