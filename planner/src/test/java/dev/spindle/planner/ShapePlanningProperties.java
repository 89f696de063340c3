package dev.spindle.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;

import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.common.update.Update;
import dev.spindle.compute.controller.ComputeController;
import dev.spindle.compute.controller.RuntimeMode;

import dev.spindle.compute.peek.PeekResponse;

import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.peek.PeekPlan;
import dev.spindle.planner.shape.ShapeCache;
import dev.spindle.storage.TableStore;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;


import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Ad-hoc queries planned from the plans of their shapes ({@code planner.shape}) answer exactly as
 * the same queries planned from scratch: random query shapes whose literals and tables vary from
 * try to try, over one catalog whose shape cache lives for the whole run (so most tries bind a
 * template another query planned, with other constants and another identically typed table). Both
 * plans run on a solo runtime; the rows (as bags) or the error codes must be the same. Tables t1
 * and t2 share their column types, t3's differ (BIGINT and DECIMAL), so a shape over t3 must never
 * reuse a template planned over t1 or t2.
 */
class ShapePlanningProperties {
    private static final ColumnType INT = ColumnType.of(TypeKind.INTEGER);
    private static final long TIME = 1;
    private static ComputeController ctl;
    private static final TableStore STORE = new TableStore();
    private static final AtomicLong IDS = new AtomicLong(1);
    private static Catalog catalog;
    /** Catalog snapshots the queries run over, one cache for all: the base one first. */
    private static final List<Catalog> SNAPSHOTS = new ArrayList<>();
    private static final ShapeCache SHAPES = new ShapeCache();

    @BeforeContainer
    static void start() {
        ctl = ComputeController.start(RuntimeMode.SOLO, 2, STORE::get);
        RelationDesc ints = new RelationDesc(List.of(new Column("a", INT), new Column("b", INT)));
        RelationDesc wide = new RelationDesc(List.of(new Column("a", ColumnType.of(TypeKind.BIGINT)),
                new Column("b", ColumnType.decimal(10, 2))));
        catalog = Catalog.empty();
        catalog = table(catalog, "t1", ints, new Long[][] {{1L, 2L}, {2L, 2L}, {3L, null}, {null, 4L}, {5L, 0L}, {-1L, 3L}, {2L, 6L}});
        catalog = table(catalog, "t2", ints, new Long[][] {{2L, 1L}, {4L, 3L}, {0L, 0L}, {6L, null}, {3L, 3L}});
        catalog = table(catalog, "t3", wide, new Long[][] {{1L, 2L}, {3000000000L, 5L}, {-2L, null}, {4L, 1L}});
        // other snapshots over the same tables, as DDL would leave them: names swapped between tables
        // of equal and of other column types, and t2 a view over t1
        CatalogItem t1 = catalog.byName("t1").orElseThrow();
        CatalogItem t2 = catalog.byName("t2").orElseThrow();
        CatalogItem t3 = catalog.byName("t3").orElseThrow();
        SNAPSHOTS.add(catalog);
        SNAPSHOTS.add(Catalog.empty().with(renamed(t1, "t2")).with(renamed(t2, "t1")).with(t3));
        SNAPSHOTS.add(Catalog.empty().with(renamed(t1, "t3")).with(t2).with(renamed(t3, "t1")));
        SNAPSHOTS.add(Catalog.empty().with(t1).with(renamed(t2, "t2x")).with(t3).with(new CatalogItem.View(
                GlobalId.user(IDS.getAndIncrement()), "t2", "SELECT a + 1 AS a, b FROM t1 WHERE a > 1", ints, java.util.Set.of(t1.id()))));
    }

    private static CatalogItem renamed(CatalogItem t, String name) {
        return CatalogItem.Table.of(t.id(), name, ((CatalogItem.Table) t).desc());
    }

    private static Catalog table(Catalog c, String name, RelationDesc desc, Long[][] rows) {
        GlobalId id = GlobalId.user(IDS.getAndIncrement());
        List<Update> ups = new ArrayList<>();
        boolean decimal = desc.column(1).type().kind() == TypeKind.DECIMAL;
        for (Long[] r : rows) {
            Object b = r[1] == null || !decimal ? r[1] : BigDecimal.valueOf(r[1] * 100 + 25, 2);
            ups.add(Update.insert(Row.of(r[0], b), TIME));
        }
        STORE.create(id, desc).append(ups, TIME);
        return c.with(CatalogItem.Table.of(id, name, desc));
    }

    @AfterContainer
    static void stop() {
        ctl.close();
    }

    @Provide
    Arbitrary<String> queries() {
        Arbitrary<String> k = Arbitraries.oneOf(Arbitraries.integers().between(-3, 6).map(String::valueOf),
                Arbitraries.of("2.5", "-1.25", "0.0", "3000000000", "1"));
        Arbitrary<String> t = Arbitraries.of("t1", "t2", "t3");
        List<String> shapes = List.of(
                "SELECT x.a + {k1}, x.b * {k2} FROM {t1} x WHERE x.a > {k3}",
                "SELECT x.a FROM {t1} x WHERE x.b BETWEEN {k1} AND {k2}",
                "SELECT x.a FROM {t1} x WHERE x.b NOT BETWEEN {k1} AND {k2} OR x.a = {k3}",
                "SELECT CASE WHEN x.a = {k1} THEN {k2} ELSE x.b END FROM {t1} x",
                "SELECT x.a, count(*), sum(x.b + {k1}) FROM {t1} x WHERE x.b <> {k2} GROUP BY x.a",
                "SELECT x.a + {k1} FROM {t1} x GROUP BY x.a + {k1}",
                "SELECT x.a + {k1} FROM {t1} x GROUP BY x.a + {k2}",
                "SELECT x.a, y.b FROM {t1} x JOIN {t2} y ON x.a = y.b + {k1}",
                "SELECT {t1}.a FROM {t1} WHERE {t1}.b > {k1}",
                "SELECT x.a / {k1} FROM {t1} x",
                "SELECT x.a FROM {t1} x WHERE x.a IN ({k1}, {k2})",
                "SELECT - {k1} + x.a, -x.b FROM {t1} x ORDER BY 1 LIMIT 3",
                "SELECT x.a FROM {t1} x WHERE x.a > (SELECT min(y.b) + {k1} FROM {t2} y)",
                "SELECT x.a FROM {t1} x WHERE EXISTS (SELECT 1 FROM {t2} y WHERE y.a = x.b * {k1})",
                "SELECT {k1} * 2, x.b FROM {t1} x WHERE {k1} = {k2} OR x.a < {k3}",
                "SELECT x.a FROM {t1} x WHERE x.a > {k1} AND x.a < {k2}",
                "SELECT count(*) FROM {t1} x, {t2} y WHERE x.a = y.a AND y.b >= {k1}",
                "SELECT x.b FROM {t1} x WHERE CAST(x.a AS BIGINT) = {k1}",
                "SELECT x.a FROM public.{t1} x WHERE x.b > {k1}");
        return Combinators.combine(Arbitraries.of(shapes), t, t, k, k, k).as((s, a, b, k1, k2, k3) -> s
                .replace("{t1}", a).replace("{t2}", b).replace("{k1}", k1).replace("{k2}", k2).replace("{k3}", k3));
    }

    @Property(tries = 400)
    void aQueryPlannedFromItsShapeAnswersAsPlannedFromScratch(@ForAll("queries") String sql) throws Exception {
        String fresh = answer(new QueryPlanner(catalog, PlannedQueryTest::parse, IDS::getAndIncrement), sql);
        String shaped = answer(new QueryPlanner(catalog, PlannedQueryTest::parse, IDS::getAndIncrement, SHAPES), sql);
        assertEquals(fresh, shaped, sql);
    }

    /**
     * The same across catalog snapshots: shapes whose relations are all table slots keep their
     * templates when the catalog changes, so a template planned over one snapshot binds queries
     * over another, where a name may stand for another table or a view.
     */
    @Property(tries = 300)
    void aShapePlannedOverAnotherSnapshotAnswersAsPlannedFromScratch(@ForAll("queries") String sql,
            @ForAll @net.jqwik.api.constraints.IntRange(min = 0, max = 3) int snapshot) throws Exception {
        Catalog c = SNAPSHOTS.get(snapshot);
        String fresh = answer(new QueryPlanner(c, PlannedQueryTest::parse, IDS::getAndIncrement), sql);
        String shaped = answer(new QueryPlanner(c, PlannedQueryTest::parse, IDS::getAndIncrement, SHAPES), sql);
        assertEquals(fresh, shaped, "snapshot " + snapshot + ": " + sql);
    }

    @Property(tries = 1)
    void theCacheIsUsed(@ForAll("queries") String ignored) throws Exception {
        QueryPlanner shaped = new QueryPlanner(catalog, PlannedQueryTest::parse, IDS::getAndIncrement, SHAPES);
        answer(shaped, "SELECT x.a FROM t1 x WHERE x.b > 1");
        int after = SHAPES.size();
        assertTrue(after > 0, "a shape was kept");
        assertEquals("3|4", answer(shaped, "SELECT x.a FROM t2 x WHERE x.b > 2").replace("\n", "|"));
        assertEquals(after, SHAPES.size(), "the same shape over an identically typed table");
        answer(shaped, "SELECT x.a FROM t3 x WHERE x.b > 1");
        assertEquals(after + 1, SHAPES.size(), "a table of other column types is another shape");
    }

    /** The sorted rows of {@code sql}, one per line, or the error's code. */
    private static String answer(QueryPlanner planner, String sql) throws Exception {
        PeekPlan p;
        try {
            p = planner.planQuery(PlannedQueryTest.parse(sql), sql);
        } catch (SpindleException e) {
            return "error " + e.code();
        }
        PeekResponse r = PlannedQueryTest.runSlow(ctl, p, TIME, IDS.getAndIncrement());
        if (r instanceof PeekResponse.Error) {
            return "error " + ((PeekResponse.Error) r).error().code();
        }
        List<String> got = new ArrayList<>();
        for (Row row : ((PeekResponse.Rows) r).rows()) {
            List<String> vals = new ArrayList<>();
            for (int i = 0; i < row.arity(); i++) {
                vals.add(PlannedQueryTest.normalize(row.get(i)));
            }
            got.add(String.join("|", vals));
        }
        got.sort(null);
        return String.join("\n", got);
    }
}
