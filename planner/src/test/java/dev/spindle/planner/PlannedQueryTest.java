package dev.spindle.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.common.update.Update;
import dev.spindle.compute.controller.ComputeController;
import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.peek.PeekResponse;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.peek.PeekPlan;
import dev.spindle.storage.TableStore;
import dev.spindle.storage.table.TableLog;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Queries planned through Calcite, lowered to compute plans and run on a split runtime (W = 2),
 * compared with H2 (PostgreSQL mode) on the same data; and the fast/slow path choice.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PlannedQueryTest {
    static final ColumnType INT = ColumnType.of(TypeKind.INTEGER);
    static final ColumnType TEXT = ColumnType.of(TypeKind.TEXT);
    static final GlobalId T1 = GlobalId.user(1);
    static final GlobalId T2 = GlobalId.user(2);
    static final GlobalId EMPTY = GlobalId.user(3);
    static final GlobalId V1 = GlobalId.user(4);
    static final GlobalId I1 = GlobalId.user(10);
    static final GlobalId IV = GlobalId.user(11);
    static final long TIME = 1;

    private final TableStore store = new TableStore();
    private final AtomicLong ids = new AtomicLong(1000);
    private Catalog catalog = Catalog.empty();
    private ComputeController ctl;
    private Connection h2;

    static SqlNode parse(String sql) {
        try {
            return SqlParser.create(sql, SqlParser.config().withUnquotedCasing(Casing.TO_LOWER)
                    .withQuotedCasing(Casing.UNCHANGED).withCaseSensitive(true)
                    .withConformance(org.apache.calcite.sql.validate.SqlConformanceEnum.LENIENT)).parseQuery();
        } catch (Exception e) {
            throw new IllegalArgumentException(sql, e);
        }
    }

    @BeforeAll
    void setUp() throws Exception {
        h2 = DriverManager.getConnection("jdbc:h2:mem:planner;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH");
        ctl = ComputeController.start(RuntimeMode.SPLIT, 2, store::get);
        table(T1, "t1", new RelationDesc(List.of(new Column("a", INT), new Column("b", INT))), List.of(
                Row.of(1L, 10L), Row.of(2L, 20L), Row.of(3L, null), Row.of(null, 40L), Row.of(2L, 20L), Row.of(5L, 50L)));
        table(T2, "t2", new RelationDesc(List.of(new Column("c", INT), new Column("d", TEXT))), List.of(
                Row.of(1L, "one"), Row.of(2L, "two"), Row.of(2L, "deux"), Row.of(4L, "four"), Row.of(null, "none")));
        table(EMPTY, "e", new RelationDesc(List.of(new Column("x", INT))), List.of());
        String viewSql = "SELECT a, b * 2 AS bb FROM t1 WHERE a > 1";
        catalog = catalog.with(new CatalogItem.View(V1, "v1", viewSql, new RelationDesc(List.of(new Column("a", INT),
                new Column("bb", INT))), java.util.Set.of(T1)));
        try (Statement s = h2.createStatement()) {
            s.execute("CREATE VIEW v1 AS " + viewSql);
        }
        index(I1, "i1", T1, 0, null);
        index(IV, "iv", V1, 0, null);
    }

    private void table(GlobalId id, String name, RelationDesc desc, List<Row> rows) throws Exception {
        TableLog log = store.create(id, desc);
        List<Update> ups = new ArrayList<>();
        for (Row r : rows) {
            ups.add(Update.insert(r, TIME));
        }
        log.append(ups, TIME);
        catalog = catalog.with(CatalogItem.Table.of(id, name, desc));
        StringBuilder ddl = new StringBuilder("CREATE TABLE " + name + " (");
        for (int i = 0; i < desc.arity(); i++) {
            ddl.append(i == 0 ? "" : ", ").append(desc.column(i).name()).append(' ')
                    .append(desc.column(i).type().kind() == TypeKind.TEXT ? "TEXT" : "INTEGER");
        }
        try (Statement s = h2.createStatement()) {
            s.execute(ddl.append(')').toString());
            for (Row r : rows) {
                StringBuilder ins = new StringBuilder("INSERT INTO " + name + " VALUES (");
                for (int i = 0; i < r.arity(); i++) {
                    Object v = r.get(i);
                    ins.append(i == 0 ? "" : ", ").append(v == null ? "NULL" : v instanceof String ? "'" + v + "'" : v.toString());
                }
                s.execute(ins.append(')').toString());
            }
        }
    }

    private void index(GlobalId id, String name, GlobalId on, int column, GlobalId reexportOf) throws Exception {
        ColumnType t = INT;
        List<ScalarExpr> key = List.of(ScalarExpr.column(column, t));
        CatalogItem item = catalog.get(on).orElseThrow();
        DataflowDescription d;
        if (item instanceof CatalogItem.Table) {
            d = new DataflowDescription("index " + name, Map.of(on, ((CatalogItem.Table) item).desc()), Map.of(), List.of(),
                    Map.of(id, new DataflowDescription.IndexExport(on, key)), Frontier.MIN);
        } else {
            // an index on a view: the view's plan, built in the index's dataflow
            QueryPlanner qp = new QueryPlanner(catalog, PlannedQueryTest::parse, ids::incrementAndGet);
            PeekPlan p = qp.planQuery(parse("SELECT * FROM " + item.name()), "SELECT * FROM " + item.name());
            DataflowDescription slow = ((PeekPlan.Slow) p).dataflow();
            List<DataflowDescription.BuildDesc> objects = new ArrayList<>(slow.objectsToBuild());
            d = new DataflowDescription("index " + name, slow.sourceImports(), slow.indexImports(), objects.subList(0, objects.size() - 1),
                    Map.of(id, new DataflowDescription.IndexExport(on, key)), Frontier.MIN);
        }
        ctl.createDataflow(id.value(), d).get(20, TimeUnit.SECONDS);
        catalog = catalog.with(new CatalogItem.Index(id, name, on, key, List.of(column), reexportOf));
    }

    @AfterAll
    void tearDown() throws Exception {
        ctl.close();
        h2.close();
    }

    private PeekPlan plan(String sql) {
        return new QueryPlanner(catalog, PlannedQueryTest::parse, ids::incrementAndGet).planQuery(parse(sql), sql);
    }

    private List<String> spindle(String sql) throws Exception {
        PeekPlan p = plan(sql);
        PeekResponse r;
        if (p instanceof PeekPlan.Fast) {
            PeekPlan.Fast f = (PeekPlan.Fast) p;
            r = ctl.peek(new PeekRequest(UUID.randomUUID(), f.index(), TIME, f.literalKey(), f.mfp(), f.finishing()))
                    .get(20, TimeUnit.SECONDS);
        } else {
            PeekPlan.Slow s = (PeekPlan.Slow) p;
            DataflowDescription d = s.dataflow();
            DataflowDescription at = new DataflowDescription(d.name(), d.sourceImports(), d.indexImports(), d.objectsToBuild(),
                    d.indexExports(), Frontier.at(TIME));
            r = ctl.peekTransient(ids.incrementAndGet(), at, new PeekRequest(UUID.randomUUID(), s.index(), TIME, null, null,
                    s.finishing())).get(20, TimeUnit.SECONDS);
        }
        if (r instanceof PeekResponse.Error) {
            throw ((PeekResponse.Error) r).error();
        }
        List<String> out = new ArrayList<>();
        for (Row row : ((PeekResponse.Rows) r).rows()) {
            List<String> vals = new ArrayList<>();
            for (int i = 0; i < row.arity(); i++) {
                vals.add(normalize(row.get(i)));
            }
            out.add(String.join("|", vals));
        }
        return out;
    }

    private List<String> h2(String sql) throws Exception {
        List<String> out = new ArrayList<>();
        try (Statement s = h2.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> vals = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    vals.add(normalize(rs.getObject(i)));
                }
                out.add(String.join("|", vals));
            }
        }
        return out;
    }

    /** Runs slow-path plan {@code p} at {@code time} as transient dataflow {@code dataflowId} on {@code ctl}. */
    static dev.spindle.compute.peek.PeekResponse runSlow(dev.spindle.compute.controller.ComputeController ctl, PeekPlan p,
            long time, long dataflowId) throws Exception {
        PeekPlan.Slow slow = (PeekPlan.Slow) p;
        dev.spindle.compute.plan.DataflowDescription d = slow.dataflow();
        dev.spindle.compute.plan.DataflowDescription at = new dev.spindle.compute.plan.DataflowDescription(d.name(),
                d.sourceImports(), d.indexImports(), d.objectsToBuild(), d.indexExports(),
                dev.spindle.common.time.Frontier.at(time));
        return ctl.peekTransient(dataflowId, at, new dev.spindle.compute.peek.PeekRequest(java.util.UUID.randomUUID(),
                slow.index(), time, null, null, slow.finishing())).get(20, java.util.concurrent.TimeUnit.SECONDS);
    }

    static String normalize(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof Number) {
            BigDecimal d = new BigDecimal(v.toString()).setScale(6, RoundingMode.HALF_EVEN).stripTrailingZeros();
            return d.compareTo(BigDecimal.ZERO) == 0 ? "0" : d.toPlainString();
        }
        return v.toString();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "SELECT a, b FROM t1",
        "SELECT b + a, b - 1, a * 3, b / 3, b % 7 FROM t1",
        "SELECT a FROM t1 WHERE b > 15 AND a < 5",
        "SELECT a FROM t1 WHERE b IS NULL OR a IS NULL",
        "SELECT a, b FROM t1 WHERE a IN (1, 2, 7)",
        "SELECT a FROM t1 WHERE a BETWEEN 2 AND 4",
        "SELECT CASE WHEN a > 2 THEN 'big' WHEN a > 1 THEN 'mid' ELSE 'small' END FROM t1",
        "SELECT COALESCE(b, -1), NULLIF(a, 2) FROM t1",
        "SELECT d FROM t2 WHERE d LIKE 't%' OR d NOT LIKE '%o%'",
        "SELECT UPPER(d), CHAR_LENGTH(d), SUBSTRING(d FROM 2 FOR 2) FROM t2",
        "SELECT a, c, d FROM t1 JOIN t2 ON a = c",
        "SELECT a, c, d FROM t1 LEFT JOIN t2 ON a = c",
        "SELECT a, c, d FROM t1 RIGHT JOIN t2 ON a = c",
        "SELECT a, c FROM t1, t2 WHERE a < c",
        "SELECT a, c FROM t1 JOIN t2 ON a = c AND b > 10",
        "SELECT a, count(*), sum(b), min(b), max(b) FROM t1 GROUP BY a",
        "SELECT count(*), count(b), sum(b), avg(b), count(DISTINCT a) FROM t1",
        "SELECT count(*), sum(x), max(x) FROM e",
        "SELECT a, count(*) FROM t1 GROUP BY a HAVING count(*) > 1",
        "SELECT avg(a) FROM t1 WHERE a > 1",
        "SELECT a FROM t1 UNION SELECT c FROM t2",
        "SELECT a FROM t1 UNION ALL SELECT c FROM t2",
        "SELECT a FROM t1 EXCEPT SELECT c FROM t2",
        "SELECT a FROM t1 INTERSECT SELECT c FROM t2",
        "SELECT a FROM t1 WHERE a IN (SELECT c FROM t2)",
        "SELECT a FROM t1 WHERE a NOT IN (SELECT c FROM t2 WHERE c IS NOT NULL)",
        "SELECT a FROM t1 WHERE EXISTS (SELECT 1 FROM t2 WHERE c = a)",
        "SELECT a FROM t1 WHERE NOT EXISTS (SELECT 1 FROM t2 WHERE c = a)",
        "SELECT a, bb FROM v1",
        "SELECT v1.a, d FROM v1 JOIN t2 ON v1.a = t2.c",
        "SELECT 1 + 2, 'x'",
        // the empty string literal (Calcite's CHAR(0)) as a value, an operand and a filter
        "SELECT '', d || '', COALESCE(d, '') FROM t2",
        "SELECT d FROM t2 WHERE d <> ''",
        // and a string function of it (Calcite's VARCHAR(0))
        "SELECT c, substring('' from 2) FROM t2 WHERE substring('' from 2) < d",
        "SELECT DISTINCT a FROM t1",
        "SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS t(x, y)",
    })
    void unorderedResultsMatchH2(String sql) throws Exception {
        assertSameRows(sql, sql);
    }

    /** {@code sql} on Spindle has the rows {@code h2Sql} has on H2, in any order. */
    private void assertSameRows(String sql, String h2Sql) throws Exception {
        List<String> expected = h2(h2Sql);
        List<String> got = spindle(sql);
        expected.sort(null);
        got.sort(null);
        assertEquals(expected, got, sql + " planned as " + plan(sql));
    }

    /** What H2 cannot run, against an equivalent query H2 can. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = ';', value = {
        "SELECT a, c, d FROM t1 FULL JOIN t2 ON a = c; "
                + "SELECT a, c, d FROM t1 LEFT JOIN t2 ON a = c UNION ALL SELECT NULL, c, d FROM t2 WHERE c IS NULL OR c NOT IN (SELECT a FROM t1 WHERE a IS NOT NULL)",
        // set operations treat NULLs as equal: t1.a = 1, 2, 2, 3, 5, NULL and t2.c = 1, 2, 2, 4, NULL
        "SELECT a FROM t1 EXCEPT ALL SELECT c FROM t2; SELECT a FROM t1 WHERE a IN (3, 5)",
        "SELECT a FROM t1 INTERSECT ALL SELECT c FROM t2; SELECT a FROM t1 WHERE a IN (1, 2) UNION ALL SELECT NULL",
    })
    void resultsMatchAnEquivalentH2Query(String sql, String h2Sql) throws Exception {
        assertSameRows(sql, h2Sql);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "SELECT a, b FROM t1 ORDER BY b DESC, a",
        "SELECT a, b FROM t1 ORDER BY a NULLS FIRST, b LIMIT 3",
        "SELECT a FROM t1 ORDER BY a LIMIT 2 OFFSET 1",
        "SELECT d FROM t2 ORDER BY d",
        "SELECT a, count(*) AS n FROM t1 GROUP BY a ORDER BY n DESC, a",
        "SELECT b FROM t1 ORDER BY a DESC",
    })
    void orderedResultsMatchH2(String sql) throws Exception {
        assertEquals(h2(sql), spindle(sql), sql + " planned as " + plan(sql));
    }

    @Test
    void aFilterOnAnIndexedTableIsAFastPathAndAnEqualityOnTheKeyAPointLookup() throws Exception {
        PeekPlan scan = plan("SELECT a, b FROM t1 WHERE b > 15");
        assertEquals(I1, assertInstanceOf(PeekPlan.Fast.class, scan).index());
        assertNull(((PeekPlan.Fast) scan).literalKey());
        PeekPlan point = plan("SELECT b FROM t1 WHERE a = 2");
        assertEquals(Row.of(2L), assertInstanceOf(PeekPlan.Fast.class, point).literalKey());
        assertEquals(List.of("20", "20"), spindle("SELECT b FROM t1 WHERE a = 2"));
        assertEquals(IV, assertInstanceOf(PeekPlan.Fast.class, plan("SELECT bb FROM v1 WHERE a = 5")).index(),
                "a view's index serves reads of the view");
        assertEquals(List.of("100"), spindle("SELECT bb FROM v1 WHERE a = 5"));
    }

    @Test
    void joinsAggregatesAndUnindexedTablesTakeTheSlowPathImportingIndexes() {
        PeekPlan.Slow slow = assertInstanceOf(PeekPlan.Slow.class, plan("SELECT a, d FROM t1 JOIN t2 ON a = c"));
        assertEquals(java.util.Set.of(I1), slow.dataflow().indexImports().keySet(), "t1 through its index");
        assertEquals(java.util.Set.of(T2), slow.dataflow().sourceImports().keySet(), "t2 from storage");
        assertInstanceOf(PeekPlan.Slow.class, plan("SELECT d FROM t2 WHERE c = 1"));
    }

    @Test
    void unknownNamesAndUnsupportedFeaturesFailWithTheirSqlState() {
        SpindleException e = assertThrows(SpindleException.class, () -> plan("SELECT a FROM nope"));
        assertEquals(ErrorCode.TABLE_NOT_FOUND_1, e.code());
        assertEquals(15, e.position());
        e = assertThrows(SpindleException.class, () -> plan("SELECT zz FROM t1"));
        assertEquals(ErrorCode.COLUMN_NOT_FOUND_1, e.code());
        e = assertThrows(SpindleException.class, () -> plan("SELECT a, row_number() OVER (ORDER BY a) FROM t1"));
        assertEquals("0A000", e.sqlState());
        assertTrue(e.getMessage().contains("window"), e.getMessage());
    }
}
