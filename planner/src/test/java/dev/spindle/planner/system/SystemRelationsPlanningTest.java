package dev.spindle.planner.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.common.update.Update;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.introspection.IntrospectionRelation;
import dev.spindle.planner.QueryPlanner;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.catalog.KeyConstraint;
import dev.spindle.planner.peek.PeekPlan;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParser;
import org.junit.jupiter.api.Test;

/** The system relations in the catalog, in Calcite's schemas, and the rows of the catalog relations. */
class SystemRelationsPlanningTest {
    static final GlobalId T = GlobalId.user(1);
    static final GlobalId I = GlobalId.user(2);
    static final GlobalId I2 = GlobalId.user(3);

    static final Catalog USER = SystemCatalog.install(Catalog.empty())
            .with(CatalogItem.Table.of(T, "tables", new RelationDesc(List.of(
                    new Column("k", ColumnType.of(TypeKind.INTEGER).withNullable(false)),
                    new Column("v", ColumnType.of(TypeKind.VARCHAR).withNullable(true))))))
            .with(new CatalogItem.Index(I, "i1", T, List.of(ScalarExpr.column(0, ColumnType.of(TypeKind.INTEGER))),
                    List.of(0), null))
            .with(new CatalogItem.Index(I2, "i2", T, List.of(ScalarExpr.column(0, ColumnType.of(TypeKind.INTEGER))),
                    List.of(0), I));

    static SqlNode parse(String sql) {
        try {
            return SqlParser.create(sql, SqlParser.config().withUnquotedCasing(Casing.TO_LOWER)
                    .withQuotedCasing(Casing.UNCHANGED).withCaseSensitive(true)
                    .withConformance(org.apache.calcite.sql.validate.SqlConformanceEnum.LENIENT)).parseQuery();
        } catch (Exception e) {
            throw new IllegalArgumentException(sql, e);
        }
    }

    static PeekPlan plan(Catalog catalog, String sql) {
        AtomicLong ids = new AtomicLong(1000);
        return new QueryPlanner(catalog, SystemRelationsPlanningTest::parse, ids::incrementAndGet).planQuery(parse(sql), sql);
    }

    @Test
    void systemItemsAreFoundByIdAndSchemaButLeaveTheUsersNameSpaceAlone() {
        assertEquals(List.of(T, I, I2), USER.items().stream().map(CatalogItem::id).toList(), "items() lists the user's");
        assertFalse(USER.systemItems().isEmpty());
        assertTrue(USER.byName("spindle_catalog.tables").isEmpty(), "not by name");
        assertEquals(CatalogRelation.TABLES.id(), SystemCatalog.lookup(USER, SystemSchema.CATALOG, "tables").orElseThrow().id());
        assertEquals(List.of(IntrospectionRelation.DATAFLOWS.indexId()),
                USER.indexesOn(IntrospectionRelation.DATAFLOWS.id()).stream().map(CatalogItem::id).toList());
        CatalogItem sizes = USER.get(IntrospectionRelation.ARRANGEMENT_SIZES.id()).orElseThrow();
        assertEquals(SystemSchema.INTROSPECTION, SystemSchema.schemaOf(sizes));
        assertEquals("arrangement_sizes", SystemSchema.nameOf(sizes));
        assertEquals(SystemSchema.PUBLIC, SystemSchema.schemaOf(USER.get(T).orElseThrow()));
        assertThrows(IllegalArgumentException.class, () -> USER.withSystem(CatalogItem.Table.of(GlobalId.user(9), "x",
                new RelationDesc(List.of()))));
    }

    @Test
    void qualifiedNamesResolveInTheSystemSchemasAndUnqualifiedOnesInPublic() {
        PeekPlan user = plan(USER, "SELECT k FROM tables");
        assertEquals(I, assertInstanceOf(PeekPlan.Fast.class, user).index(), "the user's table named tables");
        PeekPlan system = plan(USER, "SELECT name FROM spindle_catalog.tables");
        PeekPlan.Slow slow = assertInstanceOf(PeekPlan.Slow.class, system);
        assertTrue(slow.dataflow().sourceImports().containsKey(CatalogRelation.TABLES.id()), "read from storage");
        assertFalse(SystemCatalog.readsIntrospection(system, USER));
        assertEquals(I, assertInstanceOf(PeekPlan.Fast.class, plan(USER, "SELECT k FROM public.tables")).index());

        SpindleException e = assertThrows(SpindleException.class, () -> plan(SystemCatalog.install(Catalog.empty()),
                "SELECT name FROM tables"));
        assertEquals(ErrorCode.TABLE_NOT_FOUND_1, e.code(), "no system relation is found unqualified");
    }

    @Test
    void introspectionReadsUseTheLoggingIndexes() {
        PeekPlan fast = plan(USER, "SELECT name FROM spindle_introspection.dataflows WHERE id = 3");
        PeekPlan.Fast f = assertInstanceOf(PeekPlan.Fast.class, fast);
        assertEquals(IntrospectionRelation.DATAFLOWS.indexId(), f.index());
        assertEquals(Row.of(3L), f.literalKey());
        assertTrue(SystemCatalog.readsIntrospection(fast, USER));

        PeekPlan join = plan(USER, "SELECT i.name, SUM(s.records) FROM spindle_catalog.indexes i"
                + " JOIN spindle_introspection.arrangement_sizes s ON s.export_id = i.id GROUP BY i.name");
        PeekPlan.Slow slow = assertInstanceOf(PeekPlan.Slow.class, join);
        assertTrue(slow.dataflow().indexImports().containsKey(IntrospectionRelation.ARRANGEMENT_SIZES.indexId()));
        assertTrue(SystemCatalog.readsIntrospection(join, USER));

        PeekPlan total = plan(USER, "SELECT records FROM spindle_introspection.arrangement_sizes_total");
        assertEquals(IntrospectionRelation.ARRANGEMENT_SIZES_TOTAL.indexId(), assertInstanceOf(PeekPlan.Fast.class, total).index(),
                "the summed view is read from its logging index");
    }

    @Test
    void catalogRelationRowsDescribeEveryObjectWithItsSchema() {
        List<Row> tables = CatalogRelation.TABLES.rows(USER);
        assertTrue(tables.contains(Row.of("u1", "public", "tables")), tables.toString());
        assertTrue(tables.contains(Row.of("s201", "spindle_catalog", "tables")), tables.toString());
        List<Row> indexes = CatalogRelation.INDEXES.rows(USER);
        assertTrue(indexes.contains(Row.of("u2", "public", "i1", "u1", "tables", "k", null, null, false)), indexes.toString());
        assertTrue(indexes.contains(Row.of("u3", "public", "i2", "u1", "tables", "k", "u2", "i1", false)), "a re-export names its source");
        assertTrue(CatalogRelation.INDEXES.rows(USER.without(I)).contains(Row.of("u3", "public", "i2", "u1", "tables", "k", "u2", null, false)),
                "an original dropped: its id stays, its name goes");
        List<Row> columns = CatalogRelation.COLUMNS.rows(USER);
        assertTrue(columns.contains(Row.of("u1", "public", "tables", 1L, "k", "integer", false)), columns.toString());
        assertTrue(columns.contains(Row.of("u1", "public", "tables", 2L, "v", "varchar", true)), columns.toString());
        List<Row> views = CatalogRelation.VIEWS.rows(USER);
        assertEquals(1, views.size(), "the summed arrangement sizes: " + views);
    }

    @Test
    void constraintRowsNameEachKeyAndUniqueIndexesSayTheyAre() {
        RelationDesc desc = new RelationDesc(List.of(new Column("a", ColumnType.of(TypeKind.INTEGER).withNullable(false)),
                new Column("b", ColumnType.of(TypeKind.INTEGER)), new Column("c", ColumnType.of(TypeKind.INTEGER))));
        GlobalId t = GlobalId.user(7);
        Catalog c = Catalog.empty().with(new CatalogItem.Table(t, "k3", desc, List.of(
                        new KeyConstraint("k3_pkey", true, List.of(0)), new KeyConstraint("k3_c_b_key", false, List.of(2, 1))),
                java.util.Collections.nCopies(3, null)))
                .with(new CatalogItem.Index(GlobalId.user(8), "k3_b", t, List.of(ScalarExpr.column(1, ColumnType.of(TypeKind.INTEGER))),
                        List.of(1), null, true));
        assertEquals(List.of(Row.of("u7", "public", "k3", "k3_pkey", "PRIMARY KEY", "a"),
                Row.of("u7", "public", "k3", "k3_c_b_key", "UNIQUE", "c, b")), CatalogRelation.CONSTRAINTS.rows(c));
        assertEquals(List.of(Row.of("u8", "public", "k3_b", "u7", "k3", "b", null, null, true)), CatalogRelation.INDEXES.rows(c));
    }

    @Test
    void changesBetweenSnapshotsRetractWhatWentAndAddWhatCame() {
        Catalog before = USER;
        Catalog after = USER.without(I2).with(CatalogItem.Table.of(GlobalId.user(4), "u", new RelationDesc(List.of(
                new Column("a", ColumnType.of(TypeKind.BIGINT))))));
        Map<GlobalId, List<Update>> changes = CatalogChanges.between(before, after);
        assertEquals(List.of(new Update(Row.of("u4", "public", "u"), 0, 1)), changes.get(CatalogRelation.TABLES.id()));
        assertEquals(List.of(new Update(Row.of("u3", "public", "i2", "u1", "tables", "k", "u2", "i1", false), 0, -1)),
                changes.get(CatalogRelation.INDEXES.id()));
        assertEquals(List.of(new Update(Row.of("u4", "public", "u", 1L, "a", "bigint", true), 0, 1)),
                changes.get(CatalogRelation.COLUMNS.id()));
        assertFalse(changes.containsKey(CatalogRelation.VIEWS.id()), "unchanged relations are absent");
        assertTrue(CatalogChanges.between(after, after).isEmpty());
        int rows = 0;
        for (CatalogRelation r : CatalogRelation.values()) {
            rows += r.rows(USER).size();
        }
        int added = CatalogChanges.between(Catalog.empty(), USER).values().stream().mapToInt(List::size).sum();
        assertEquals(rows, added, "from nothing, every row is an insertion");
    }
}
