package dev.spindle.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link DatabaseMetaData} driven through {@link DriverManager} the way a GUI client browses a
 * database (DBeaver, IntelliJ): product and driver, catalogs and schemas, tables and views,
 * columns, indexes, primary keys, types, and the identifier rules it quotes names by.
 */
class MetadataBrowseTest {
    private Connection c;
    private DatabaseMetaData md;

    @BeforeEach
    void open() throws SQLException {
        c = DriverManager.getConnection("jdbc:spindle:mem:");
        try (Statement st = c.createStatement()) {
            st.execute("CREATE TABLE orders (id BIGINT PRIMARY KEY, customer VARCHAR(40) NOT NULL,"
                    + " total DECIMAL(12,2) DEFAULT 0, note TEXT, code CHAR(3) DEFAULT 'abc',"
                    + " placed DATE, at_time TIME, stamp TIMESTAMP, flag BOOLEAN DEFAULT TRUE, ratio DOUBLE, r REAL,"
                    + " qty SMALLINT, n INTEGER, UNIQUE (customer, placed))");
            st.execute("CREATE TABLE \"Mixed_Case\" (\"Id\" INT, k2 INT, PRIMARY KEY (k2, \"Id\"))");
            st.execute("CREATE TABLE order_lines (order_id BIGINT, line INT, amount DECIMAL, PRIMARY KEY (order_id, line))");
            st.execute("CREATE TABLE orderxlines (x INT)");
            st.execute("CREATE VIEW big_orders AS SELECT id, total FROM orders WHERE total > 100");
            st.execute("CREATE INDEX orders_customer_idx ON orders (customer)");
            st.execute("CREATE INDEX orders_id_note_idx ON orders (id, note)");
            st.execute("CREATE INDEX ON orders (customer, placed)");
            st.execute("CREATE INDEX big_orders_total_idx ON big_orders (total)");
        }
        md = c.getMetaData();
    }

    @AfterEach
    void close() throws SQLException {
        c.close();
    }

    /** Column {@code name} of every row. */
    private static List<String> strings(ResultSet rs, String name) throws SQLException {
        List<String> out = new ArrayList<>();
        try (rs) {
            while (rs.next()) {
                out.add(rs.getString(name));
            }
        }
        return out;
    }

    @Test
    void productDriverAndVersionsComeFromTheBuild() throws SQLException {
        assertEquals("Spindle", md.getDatabaseProductName());
        assertEquals("Spindle JDBC Driver", md.getDriverName());
        String version = md.getDriverVersion();
        assertTrue(version.matches("\\d+\\.\\d+\\.\\d+.*"), version);
        assertEquals(version, md.getDatabaseProductVersion());
        assertEquals(version.split("[.-]")[0], String.valueOf(md.getDriverMajorVersion()));
        assertEquals(version.split("[.-]")[1], String.valueOf(md.getDriverMinorVersion()));
        assertEquals(md.getDriverMajorVersion(), md.getDatabaseMajorVersion());
        assertEquals(md.getDriverMinorVersion(), md.getDatabaseMinorVersion());
        assertEquals(md.getDriverMajorVersion(), DriverManager.getDriver("jdbc:spindle:mem:").getMajorVersion());
        assertEquals("jdbc:spindle:mem:", md.getURL());
        assertEquals(4, md.getJDBCMajorVersion());
    }

    @Test
    void catalogsThenSchemas() throws SQLException {
        assertEquals(List.of(), strings(md.getCatalogs(), "TABLE_CAT"));
        try (ResultSet rs = md.getSchemas()) {
            assertTrue(rs.next());
            assertEquals("public", rs.getString("TABLE_SCHEM"));
            assertNull(rs.getString("TABLE_CATALOG"));
            assertFalse(rs.next());
        }
        assertEquals(List.of("public"), strings(md.getSchemas(null, "pub%"), "TABLE_SCHEM"));
        assertEquals(List.of("public"), strings(md.getSchemas("", "p_blic"), "TABLE_SCHEM"));
        assertEquals(List.of(), strings(md.getSchemas(null, "PUBLIC"), "TABLE_SCHEM"));
        assertEquals(List.of(), strings(md.getSchemas("spindle", null), "TABLE_SCHEM"));
        assertEquals(List.of("TABLE", "VIEW"), strings(md.getTableTypes(), "TABLE_TYPE"));
        assertEquals("public", c.getSchema());
        assertNull(c.getCatalog());
    }

    @Test
    void tablesAndViewsByTypeThenName() throws SQLException {
        try (ResultSet rs = md.getTables(null, null, "%", null)) {
            ResultSetMetaData rsmd = rs.getMetaData();
            assertEquals(10, rsmd.getColumnCount());
            assertEquals("TABLE_CAT", rsmd.getColumnName(1));
            assertEquals("REF_GENERATION", rsmd.getColumnName(10));
            List<String> seen = new ArrayList<>();
            while (rs.next()) {
                assertNull(rs.getString("TABLE_CAT"));
                assertEquals("public", rs.getString("TABLE_SCHEM"));
                seen.add(rs.getString("TABLE_TYPE") + " " + rs.getString("TABLE_NAME"));
            }
            // indexes are not relations; tables first, then views, each by name
            assertEquals(List.of("TABLE Mixed_Case", "TABLE order_lines", "TABLE orders", "TABLE orderxlines",
                    "VIEW big_orders"), seen);
        }
        assertEquals(List.of("big_orders"), strings(md.getTables(null, "public", null, new String[] {"VIEW"}), "TABLE_NAME"));
        assertEquals(List.of("Mixed_Case", "order_lines", "orders", "orderxlines"),
                strings(md.getTables("", "public", null, new String[] {"TABLE"}), "TABLE_NAME"));
        // '_' is any one character, '\' (the search string escape) makes it literal
        assertEquals(List.of("order_lines", "orderxlines"), strings(md.getTables(null, null, "order_lines", null), "TABLE_NAME"));
        assertEquals("\\", md.getSearchStringEscape());
        assertEquals(List.of("order_lines"), strings(md.getTables(null, null, "order\\_lines", null), "TABLE_NAME"));
        assertEquals(List.of("orders"), strings(md.getTables(null, null, "orders", null), "TABLE_NAME"));
        assertEquals(List.of("orders", "big_orders"), strings(md.getTables(null, null, "%orders", null), "TABLE_NAME"));
        // names are matched as stored: case-sensitively
        assertEquals(List.of(), strings(md.getTables(null, null, "ORDERS", null), "TABLE_NAME"));
        assertEquals(List.of("Mixed_Case"), strings(md.getTables(null, null, "Mixed%", null), "TABLE_NAME"));
        assertEquals(List.of(), strings(md.getTables(null, "other", null, null), "TABLE_NAME"));
        assertEquals(List.of(), strings(md.getTables("db", null, null, null), "TABLE_NAME"));
        assertEquals(List.of(), strings(md.getTables(null, null, null, new String[] {"SYSTEM TABLE"}), "TABLE_NAME"));
    }

    @Test
    void tablesSeeTheCatalogAsOfTheCall() throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute("DROP VIEW big_orders");
            st.execute("CREATE TABLE zeta (z INT)");
        }
        assertEquals(List.of("Mixed_Case", "order_lines", "orders", "orderxlines", "zeta"),
                strings(md.getTables(null, null, null, null), "TABLE_NAME"));
    }

    @Test
    void columnsWithTypesSizesNullabilityAndDefaults() throws SQLException {
        try (ResultSet rs = md.getColumns(null, "public", "orders", null)) {
            assertEquals(24, rs.getMetaData().getColumnCount());
            Object[][] expected = {
                // name, DATA_TYPE, TYPE_NAME, COLUMN_SIZE, DECIMAL_DIGITS, NULLABLE, COLUMN_DEF
                {"id", Types.BIGINT, "BIGINT", 19, 0, DatabaseMetaData.columnNoNulls, null},
                {"customer", Types.VARCHAR, "VARCHAR", 40, null, DatabaseMetaData.columnNoNulls, null},
                {"total", Types.DECIMAL, "DECIMAL", 12, 2, DatabaseMetaData.columnNullable, "0"},
                {"note", Types.VARCHAR, "TEXT", 10_485_760, null, DatabaseMetaData.columnNullable, null},
                {"code", Types.CHAR, "CHAR", 3, null, DatabaseMetaData.columnNullable, "'abc'"},
                {"placed", Types.DATE, "DATE", 10, null, DatabaseMetaData.columnNullable, null},
                {"at_time", Types.TIME, "TIME", 8, 0, DatabaseMetaData.columnNullable, null},
                {"stamp", Types.TIMESTAMP, "TIMESTAMP", 23, 3, DatabaseMetaData.columnNullable, null},
                {"flag", Types.BOOLEAN, "BOOLEAN", 1, null, DatabaseMetaData.columnNullable, "TRUE"},
                {"ratio", Types.DOUBLE, "DOUBLE", 15, null, DatabaseMetaData.columnNullable, null},
                {"r", Types.REAL, "REAL", 7, null, DatabaseMetaData.columnNullable, null},
                {"qty", Types.SMALLINT, "SMALLINT", 5, 0, DatabaseMetaData.columnNullable, null},
                {"n", Types.INTEGER, "INTEGER", 10, 0, DatabaseMetaData.columnNullable, null},
            };
            for (int i = 0; i < expected.length; i++) {
                Object[] e = expected[i];
                assertTrue(rs.next(), "row " + i);
                assertNull(rs.getString("TABLE_CAT"));
                assertEquals("public", rs.getString("TABLE_SCHEM"));
                assertEquals("orders", rs.getString("TABLE_NAME"));
                assertEquals(e[0], rs.getString("COLUMN_NAME"));
                assertEquals(e[1], rs.getInt("DATA_TYPE"), (String) e[0]);
                assertEquals(e[2], rs.getString("TYPE_NAME"), (String) e[0]);
                assertEquals(e[3], rs.getInt("COLUMN_SIZE"), (String) e[0]);
                assertEquals(e[4], rs.getObject("DECIMAL_DIGITS") == null ? null : rs.getInt("DECIMAL_DIGITS"), (String) e[0]);
                assertEquals(e[5], rs.getInt("NULLABLE"), (String) e[0]);
                assertEquals(e[5].equals(DatabaseMetaData.columnNullable) ? "YES" : "NO", rs.getString("IS_NULLABLE"));
                assertEquals(e[6], rs.getString("COLUMN_DEF"), (String) e[0]);
                assertEquals(i + 1, rs.getInt("ORDINAL_POSITION"));
                assertEquals("NO", rs.getString("IS_AUTOINCREMENT"));
            }
            assertFalse(rs.next());
        }
        // the view's columns, typed as its query computes them
        try (ResultSet rs = md.getColumns(null, null, "big_orders", "%")) {
            assertTrue(rs.next());
            assertEquals("id", rs.getString("COLUMN_NAME"));
            assertEquals(Types.BIGINT, rs.getInt("DATA_TYPE"));
            assertEquals(DatabaseMetaData.columnNoNulls, rs.getInt("NULLABLE"));
            assertTrue(rs.next());
            assertEquals("total", rs.getString("COLUMN_NAME"));
            assertEquals(Types.DECIMAL, rs.getInt("DATA_TYPE"));
            assertFalse(rs.next());
        }
        // column and table patterns; across tables, by table name then position
        List<String> atColumns = new ArrayList<>();
        try (ResultSet rs = md.getColumns(null, null, "order%", "%a%")) {
            while (rs.next()) {
                atColumns.add(rs.getString("TABLE_NAME") + "." + rs.getString("COLUMN_NAME"));
            }
        }
        assertEquals(List.of("order_lines.amount", "orders.total", "orders.placed", "orders.at_time", "orders.stamp",
                "orders.flag", "orders.ratio"), atColumns);
        assertEquals(List.of("Id", "k2"), strings(md.getColumns(null, null, "Mixed\\_Case", null), "COLUMN_NAME"));
        assertEquals(List.of(), strings(md.getColumns(null, null, "orders", "ID"), "COLUMN_NAME"));
    }

    @Test
    void indexesPerKeyColumnUniqueFirst() throws SQLException {
        List<String> rows = new ArrayList<>();
        try (ResultSet rs = md.getIndexInfo(null, null, "orders", false, true)) {
            assertEquals(13, rs.getMetaData().getColumnCount());
            while (rs.next()) {
                assertEquals("orders", rs.getString("TABLE_NAME"));
                boolean constraint = rs.getString("INDEX_NAME").endsWith("key");
                assertEquals(constraint ? DatabaseMetaData.tableIndexHashed : DatabaseMetaData.tableIndexOther,
                        rs.getShort("TYPE"));
                assertEquals(constraint ? null : "A", rs.getString("ASC_OR_DESC"));
                rows.add((rs.getBoolean("NON_UNIQUE") ? "non-unique " : "unique ") + rs.getString("INDEX_NAME") + " "
                        + rs.getShort("ORDINAL_POSITION") + " " + rs.getString("COLUMN_NAME"));
            }
        }
        // the constraints first (hashed), then the arrangements: (id, note) includes the primary
        // key and (customer, placed) a UNIQUE constraint: unique; (customer) alone is not
        assertEquals(List.of(
                "unique orders_customer_placed_key 1 customer",
                "unique orders_customer_placed_key 2 placed",
                "unique orders_pkey 1 id",
                "unique orders_customer_placed_idx 1 customer",
                "unique orders_customer_placed_idx 2 placed",
                "unique orders_id_note_idx 1 id",
                "unique orders_id_note_idx 2 note",
                "non-unique orders_customer_idx 1 customer"), rows);
        assertEquals(List.of("orders_customer_placed_key", "orders_customer_placed_key", "orders_pkey",
                "orders_customer_placed_idx", "orders_customer_placed_idx", "orders_id_note_idx", "orders_id_note_idx"),
                strings(md.getIndexInfo(null, "public", "orders", true, false), "INDEX_NAME"));
        assertEquals(List.of("big_orders_total_idx"), strings(md.getIndexInfo(null, null, "big_orders", false, false), "INDEX_NAME"));
        assertEquals(List.of("order_lines_pkey", "order_lines_pkey"),
                strings(md.getIndexInfo(null, null, "order_lines", false, false), "INDEX_NAME"));
        // the table argument is a name, not a pattern
        assertEquals(List.of(), strings(md.getIndexInfo(null, null, "order%", false, false), "INDEX_NAME"));
        assertEquals(List.of(), strings(md.getIndexInfo(null, "other", "orders", false, false), "INDEX_NAME"));
    }

    @Test
    void uniqueIndexesAreUniqueAndConstraintsKeepTheirNames() throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute("CREATE UNIQUE INDEX ox_x ON orderxlines (x)");
            st.execute("CREATE TABLE named_pk (a INT, b INT UNIQUE, CONSTRAINT my_key PRIMARY KEY (a))");
        }
        assertEquals(List.of("ox_x"), strings(md.getIndexInfo(null, null, "orderxlines", true, false), "INDEX_NAME"));
        assertEquals(List.of("my_key"), strings(md.getPrimaryKeys(null, null, "named_pk"), "PK_NAME"));
        assertEquals(List.of("my_key", "named_pk_b_key"), strings(md.getIndexInfo(null, null, "named_pk", true, false), "INDEX_NAME"));
    }

    @Test
    void primaryKeysByColumnName() throws SQLException {
        try (ResultSet rs = md.getPrimaryKeys(null, null, "orders")) {
            assertTrue(rs.next());
            assertEquals("public", rs.getString("TABLE_SCHEM"));
            assertEquals("orders", rs.getString("TABLE_NAME"));
            assertEquals("id", rs.getString("COLUMN_NAME"));
            assertEquals(1, rs.getShort("KEY_SEQ"));
            assertEquals("orders_pkey", rs.getString("PK_NAME"));
            assertFalse(rs.next());
        }
        // ordered by COLUMN_NAME; KEY_SEQ is the position in the key
        List<String> keys = new ArrayList<>();
        try (ResultSet rs = md.getPrimaryKeys(null, "public", "Mixed_Case")) {
            while (rs.next()) {
                keys.add(rs.getString("COLUMN_NAME") + "#" + rs.getShort("KEY_SEQ"));
            }
        }
        assertEquals(List.of("Id#2", "k2#1"), keys);
        assertEquals(List.of(), strings(md.getPrimaryKeys(null, null, "orderxlines"), "COLUMN_NAME"));
        assertEquals(List.of(), strings(md.getPrimaryKeys(null, null, "big_orders"), "COLUMN_NAME"));
        assertEquals(List.of(), strings(md.getPrimaryKeys(null, null, "nope"), "COLUMN_NAME"));
    }

    @Test
    void typeInfoListsTheSqlTypesByDataType() throws SQLException {
        List<String> names = new ArrayList<>();
        int last = Integer.MIN_VALUE;
        try (ResultSet rs = md.getTypeInfo()) {
            while (rs.next()) {
                int type = rs.getInt("DATA_TYPE");
                assertTrue(type >= last, "ordered by DATA_TYPE");
                last = type;
                names.add(rs.getString("TYPE_NAME"));
                assertEquals(DatabaseMetaData.typeNullable, rs.getShort("NULLABLE"));
                if (rs.getString("TYPE_NAME").equals("DECIMAL")) {
                    assertEquals(1000, rs.getInt("PRECISION"));
                    assertEquals("precision,scale", rs.getString("CREATE_PARAMS"));
                    assertEquals(10, rs.getInt("NUM_PREC_RADIX"));
                }
                if (rs.getString("TYPE_NAME").equals("VARCHAR")) {
                    assertEquals("'", rs.getString("LITERAL_PREFIX"));
                    assertTrue(rs.getBoolean("CASE_SENSITIVE"));
                }
            }
        }
        assertEquals(List.of("BIGINT", "CHAR", "DECIMAL", "INTEGER", "SMALLINT", "REAL", "DOUBLE", "VARCHAR", "TEXT",
                "BOOLEAN", "DATE", "TIME", "TIMESTAMP"), names);
        // every listed type can declare a column
        try (Statement st = c.createStatement()) {
            for (String n : names) {
                st.execute("CREATE TABLE type_" + n + " (x " + n + ")");
            }
        }
    }

    @Test
    void identifiersUnquotedLowerQuotedAsWritten() throws SQLException {
        assertTrue(md.storesLowerCaseIdentifiers());
        assertFalse(md.storesUpperCaseIdentifiers());
        assertFalse(md.storesMixedCaseIdentifiers());
        assertFalse(md.supportsMixedCaseIdentifiers());
        assertTrue(md.supportsMixedCaseQuotedIdentifiers());
        assertFalse(md.storesMixedCaseQuotedIdentifiers());
        assertEquals("\"", md.getIdentifierQuoteString());
        // what the answers promise: unquoted FOO is stored as foo, quoted "Foo" as Foo
        try (Statement st = c.createStatement()) {
            st.execute("CREATE TABLE FooBar (Col INT)");
            st.execute("CREATE TABLE \"FooBar\" (\"Col\" INT)");
        }
        assertEquals(List.of("FooBar", "foobar"), strings(md.getTables(null, null, "%oo%ar", null), "TABLE_NAME"));
        assertEquals(List.of("col"), strings(md.getColumns(null, null, "foobar", null), "COLUMN_NAME"));
        assertEquals(List.of("Col"), strings(md.getColumns(null, null, "FooBar", null), "COLUMN_NAME"));
    }

    @Test
    void supportsAnswersAreTrue() throws SQLException {
        assertFalse(md.isReadOnly());
        assertEquals(Capabilities.TRANSACTIONS, md.supportsTransactions());
        assertTrue(c.getAutoCommit());
        assertTrue(md.supportsDataManipulationTransactionsOnly());
        assertEquals(Connection.TRANSACTION_SERIALIZABLE, md.getDefaultTransactionIsolation());
        assertEquals(md.getDefaultTransactionIsolation(), c.getTransactionIsolation());
        assertFalse(md.supportsSavepoints());
        assertTrue(md.supportsBatchUpdates());
        assertFalse(md.supportsCatalogsInDataManipulation());
        assertTrue(md.supportsSchemasInDataManipulation());
        assertTrue(md.supportsFullOuterJoins());
        assertEquals(1_000_000, md.getMaxStatementLength());
        assertTrue(md.getSQLKeywords().length() > 0);
        // NULL sorts high: last ascending, first descending
        assertTrue(md.nullsAreSortedHigh());
        assertFalse(md.nullsAreSortedAtEnd());
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT x FROM (VALUES (1), (NULL)) AS v(x) ORDER BY x DESC")) {
            assertTrue(rs.next());
            rs.getInt(1);
            assertTrue(rs.wasNull());
        }
        // a qualified name in DML works, as supportsSchemasInDataManipulation says
        try (Statement st = c.createStatement()) {
            assertEquals(1, st.executeUpdate("INSERT INTO public.orderxlines VALUES (1)"));
        }
    }
}
