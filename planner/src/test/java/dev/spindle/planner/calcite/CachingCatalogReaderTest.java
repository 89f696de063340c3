package dev.spindle.planner.calcite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import java.util.List;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.prepare.Prepare;
import org.junit.jupiter.api.Test;

/** {@link CachingCatalogReader}: a table found once is the same table for every later statement over the snapshot. */
class CachingCatalogReaderTest {
    private static Catalog catalog(String table) {
        return Catalog.empty().with(CatalogItem.Table.of(GlobalId.user(1), table,
                new RelationDesc(List.of(new Column("a", ColumnType.of(TypeKind.INTEGER))))));
    }

    @Test
    void aFoundTableIsRememberedByTheNamesItWasAskedBy() {
        CalciteCatalogReader reader = SqlPlanner.readerForTests(catalog("t"));
        assertInstanceOf(CachingCatalogReader.class, reader);
        Prepare.PreparingTable first = reader.getTable(List.of("t"));
        assertSame(first, reader.getTable(List.of("t")), "Calcite makes a new table object per lookup; the memo does not");
        assertEquals(List.of("public", "t"), first.getQualifiedName());
        Prepare.PreparingTable qualified = reader.getTable(List.of("public", "t"));
        assertEquals(first.getQualifiedName(), qualified.getQualifiedName());
        assertSame(qualified, reader.getTable(List.of("public", "t")));
        assertNull(reader.getTable(List.of("T")), "names resolve as Calcite's reader resolves them (unquoted ones arrive lower-cased)");
        assertNull(reader.getTable(List.of("nope")));
        assertNull(reader.getTable(List.of("nope")), "an unknown name stays unknown (and is not remembered)");
    }

    @Test
    void anotherSnapshotHasItsOwnReaderAndTables() {
        CalciteCatalogReader one = SqlPlanner.readerForTests(catalog("t"));
        Prepare.PreparingTable t = one.getTable(List.of("t"));
        CalciteCatalogReader two = SqlPlanner.readerForTests(catalog("t"));
        assertNotSame(one, two);
        assertNotSame(t, two.getTable(List.of("t")));
        assertNull(SqlPlanner.readerForTests(catalog("u")).getTable(List.of("t")), "a dropped name is not found in the next snapshot");
    }
}
