package dev.spindle.sql.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.sql.Database;
import dev.spindle.sql.StatementResult;
import dev.spindle.sql.parser.SpindleParser;
import dev.spindle.sql.parser.ddl.SqlCreateIndex;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code CREATE INDEX} on a table's plain columns takes its key from the table's columns without
 * planning {@code SELECT keys FROM t} ({@link Ddl#columnKey}); the key must be exactly the one
 * planning gives ({@link Ddl#plannedKey}), for every column type, nullable or not, quoted names
 * included, or a second index on the same key would not be found to re-export the first.
 */
class IndexKeyTest {
    private static final String TABLE = "CREATE TABLE t (a INTEGER PRIMARY KEY, b BIGINT NOT NULL, c SMALLINT, d REAL,"
            + " e DOUBLE PRECISION, f FLOAT, g DECIMAL(10, 2), h NUMERIC, i TEXT, j VARCHAR(7), k CHAR(3), l BOOLEAN,"
            + " m DATE, n TIME, o TIMESTAMP, \"MiXed\" INTEGER, \"select\" TEXT NOT NULL)";
    private static final List<String> COLUMNS = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l",
            "m", "n", "o", "\"MiXed\"", "\"select\"");

    @Test
    void aColumnKeyIsTheKeyPlanningGivesForEveryColumnType() {
        try (Database db = Database.open()) {
            db.session().execute(TABLE);
            Ddl ddl = new Ddl(db.coordinator(), new Queries(db.coordinator(), new StatementControl()));
            Catalog catalog = db.coordinator().catalog();
            CatalogItem t = catalog.byName("t").orElseThrow();
            for (String c : COLUMNS) {
                assertSame(ddl, catalog, t, List.of(c));
            }
            assertSame(ddl, catalog, t, List.of("o", "a", "\"MiXed\"", "j"));
        }
    }

    @Test
    void expressionsViewsAndUnknownNamesArePlanned() {
        try (Database db = Database.open()) {
            db.session().execute(TABLE);
            db.session().execute("CREATE VIEW w AS SELECT a, i FROM t");
            Catalog catalog = db.coordinator().catalog();
            assertNull(Ddl.columnKey(index("CREATE INDEX ON t (a + 1)"), catalog.byName("t").orElseThrow()));
            assertNull(Ddl.columnKey(index("CREATE INDEX ON t (a, nosuch)"), catalog.byName("t").orElseThrow()));
            assertNull(Ddl.columnKey(index("CREATE INDEX ON t (mixed)"), catalog.byName("t").orElseThrow()),
                    "an unquoted name is lower-cased and matches no quoted mixed-case column");
            assertNull(Ddl.columnKey(index("CREATE INDEX ON w (a)"), catalog.byName("w").orElseThrow()));
        }
    }

    @Test
    void aSecondIndexOnAPlainColumnReExportsTheFirstAndReadsMatchTheTable() {
        try (Database db = Database.open()) {
            var s = db.session();
            s.execute("CREATE TABLE u (k INTEGER, \"V\" TEXT)");
            s.execute("INSERT INTO u VALUES (1, 'x'), (2, 'y'), (2, 'z')");
            s.execute("CREATE INDEX u_k ON u (k)");
            StatementResult second = s.execute("CREATE INDEX u_k2 ON u (k)");
            assertEquals(List.of("Index u_k2 is identical to u_k, which is also defined on u(k)."),
                    ((StatementResult.Done) second).warnings());
            s.execute("CREATE INDEX u_v ON u (\"V\", k)");
            assertEquals(List.of(List.of("y"), List.of("z")), rows(s.execute("SELECT \"V\" FROM u WHERE k = 2 ORDER BY 1")));
            assertEquals(List.of(List.of(2L)), rows(s.execute("SELECT k FROM u WHERE \"V\" = 'z' AND k = 2")));
        }
    }

    private static void assertSame(Ddl ddl, Catalog catalog, CatalogItem t, List<String> keys) {
        SqlCreateIndex stmt = index("CREATE INDEX ON t (" + String.join(", ", keys) + ")");
        List<ScalarExpr> fast = Ddl.columnKey(stmt, t);
        assertNotNull(fast, keys.toString());
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < stmt.keys().size(); i++) {
            texts.add(SpindleParser.unparse(stmt.keyExpression(i)));
        }
        assertEquals(ddl.plannedKey(catalog, texts, t), fast, keys.toString());
    }

    private static SqlCreateIndex index(String sql) {
        return (SqlCreateIndex) SpindleParser.parse(sql);
    }

    private static List<List<Object>> rows(StatementResult r) {
        List<List<Object>> out = new ArrayList<>();
        for (var row : ((StatementResult.Rows) r).rows()) {
            out.add(List.of(row.toArray()));
        }
        return out;
    }
}
