package dev.spindle.cli.exec;

import dev.spindle.cli.format.ColumnKind;
import dev.spindle.cli.format.ResultColumn;
import dev.spindle.cli.format.ResultData;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads the catalog for {@code \d} and its kin, through {@link DatabaseMetaData} for any
 * driver and, on Spindle, through its {@code spindle_catalog} relations for what JDBC metadata
 * cannot say: which index re-exports which, and a view's definition.
 *
 * <p>Thread-safety: used by the one thread that runs statements (calls on the connection).
 */
public final class Describer {
    private final Connection connection;

    public Describer(Connection connection) {
        this.connection = java.util.Objects.requireNonNull(connection, "connection");
    }

    /** A table or view found by name. */
    public record Relation(String schema, String name, String type) {
    }

    /** An index: its name, what it is on, its key, and the index it re-exports, if any. */
    public record IndexInfo(String name, String on, String key, Optional<String> reexportOf) {
    }

    /** Whether the connection is to Spindle. */
    public boolean isSpindle() throws SQLException {
        return "Spindle".equals(connection.getMetaData().getDatabaseProductName());
    }

    /** Tables and views ({@code types} among {@code TABLE}, {@code VIEW}), by schema and name. */
    public List<Relation> relations(String... types) throws SQLException {
        List<Relation> out = new ArrayList<>();
        try (ResultSet rs = connection.getMetaData().getTables(null, null, "%", types)) {
            while (rs.next()) {
                String schema = rs.getString("TABLE_SCHEM");
                if (schema != null && schema.equalsIgnoreCase("INFORMATION_SCHEMA")) {
                    continue;
                }
                out.add(new Relation(schema, rs.getString("TABLE_NAME"), rs.getString("TABLE_TYPE")));
            }
        }
        out.sort(java.util.Comparator.comparing((Relation r) -> r.schema() == null ? "" : r.schema())
                .thenComparing(Relation::name));
        return out;
    }

    /** {@code relations} as a result to print. */
    public static ResultData relationTable(List<Relation> relations) {
        List<List<String>> rows = new ArrayList<>();
        for (Relation r : relations) {
            rows.add(List.of(r.schema() == null ? "" : r.schema(), r.name(), r.type().toLowerCase(Locale.ROOT)));
        }
        return new ResultData(List.of(text("Schema"), text("Name"), text("Type")), rows);
    }

    /**
     * The table or view {@code name} names: {@code "quoted"} exactly, otherwise as written, then
     * lower case, then upper case (drivers store unquoted names in one case or the other).
     */
    public Optional<Relation> find(String name) throws SQLException {
        List<String> candidates = new ArrayList<>();
        if (name.length() >= 2 && name.startsWith("\"") && name.endsWith("\"")) {
            candidates.add(name.substring(1, name.length() - 1).replace("\"\"", "\""));
        } else {
            candidates.add(name);
            candidates.add(name.toLowerCase(Locale.ROOT));
            candidates.add(name.toUpperCase(Locale.ROOT));
        }
        List<Relation> all = relations("TABLE", "VIEW");
        for (String c : candidates) {
            for (Relation r : all) {
                if (r.name().equals(c)) {
                    return Optional.of(r);
                }
            }
        }
        return Optional.empty();
    }

    /** The columns of {@code r}: name, type, nullable, default. */
    public ResultData columns(Relation r) throws SQLException {
        List<List<String>> rows = new ArrayList<>();
        try (ResultSet rs = connection.getMetaData().getColumns(null, r.schema(), escape(r.name()), "%")) {
            while (rs.next()) {
                List<String> row = new ArrayList<>(4);
                row.add(rs.getString("COLUMN_NAME"));
                row.add(typeText(rs.getString("TYPE_NAME"), rs.getInt("DATA_TYPE"), rs.getInt("COLUMN_SIZE"),
                        rs.getInt("DECIMAL_DIGITS")));
                row.add("NO".equals(rs.getString("IS_NULLABLE")) ? "not null" : "");
                String def = rs.getString("COLUMN_DEF");
                row.add(def == null ? "" : def);
                rows.add(row);
            }
        }
        return new ResultData(List.of(text("Column"), text("Type"), text("Nullable"), text("Default")), rows);
    }

    /** The indexes on {@code on} (every index when null), by name. */
    public List<IndexInfo> indexes(Relation on) throws SQLException {
        if (isSpindle()) {
            return spindleIndexes(on);
        }
        List<Relation> relations = on == null ? relations("TABLE") : List.of(on);
        List<IndexInfo> out = new ArrayList<>();
        for (Relation r : relations) {
            java.util.Map<String, List<String>> keys = new java.util.LinkedHashMap<>();
            try (ResultSet rs = connection.getMetaData().getIndexInfo(null, r.schema(), r.name(), false, false)) {
                while (rs.next()) {
                    String index = rs.getString("INDEX_NAME");
                    if (index != null) {
                        keys.computeIfAbsent(index, k -> new ArrayList<>()).add(rs.getString("COLUMN_NAME"));
                    }
                }
            }
            keys.forEach((index, cols) -> out.add(new IndexInfo(index, r.name(), String.join(", ", cols), Optional.empty())));
        }
        out.sort(java.util.Comparator.comparing(IndexInfo::name));
        return out;
    }

    private List<IndexInfo> spindleIndexes(Relation on) throws SQLException {
        // the system schemas' own indexes (introspection's logging indexes) are not the user's
        String sql = "SELECT name, on_name, \"key\", reexport_of FROM spindle_catalog.indexes"
                + " WHERE schema_name NOT IN ('spindle_catalog', 'spindle_introspection')"
                + (on == null ? "" : " AND on_name = ?") + " ORDER BY name";
        List<IndexInfo> out = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            if (on != null) {
                ps.setString(1, on.name());
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new IndexInfo(rs.getString(1), rs.getString(2), rs.getString(3),
                            Optional.ofNullable(rs.getString(4))));
                }
            }
        }
        return out;
    }

    /** {@code indexes} as a result to print. */
    public static ResultData indexTable(List<IndexInfo> indexes) {
        List<List<String>> rows = new ArrayList<>();
        for (IndexInfo i : indexes) {
            rows.add(List.of(i.name(), i.on(), i.key(), i.reexportOf().orElse("")));
        }
        return new ResultData(List.of(text("Name"), text("On"), text("Key"), text("Re-exports")), rows);
    }

    /** The definition of view {@code r}, where the database tells it (Spindle). */
    public Optional<String> viewDefinition(Relation r) throws SQLException {
        if (!isSpindle()) {
            return Optional.empty();
        }
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT definition FROM spindle_catalog.views WHERE name = ?")) {
            ps.setString(1, r.name());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.ofNullable(rs.getString(1)) : Optional.empty();
            }
        }
    }

    /**
     * Names to complete.
     *
     * @param relations tables and views
     * @param indexes   indexes
     * @param columns   the columns of every table and view
     * @param columnsOf each table's and view's columns, in order, by the relation's name
     */
    public record Names(List<String> relations, List<String> indexes, List<String> columns,
            java.util.Map<String, List<String>> columnsOf) {
        /** No names. */
        public static final Names NONE = new Names(List.of(), List.of(), List.of(), java.util.Map.of());

        public Names {
            relations = List.copyOf(relations);
            indexes = List.copyOf(indexes);
            columns = List.copyOf(columns);
            java.util.Map<String, List<String>> copy = new java.util.TreeMap<>();
            columnsOf.forEach((r, cs) -> copy.put(r, List.copyOf(cs)));
            columnsOf = java.util.Collections.unmodifiableMap(copy);
        }

        /**
         * The columns of the relation {@code name} names: exactly, else ignoring case (unquoted
         * names are stored in one case or the other); empty when there is no such relation.
         */
        public List<String> columnsOf(String name) {
            List<String> exact = columnsOf.get(name);
            if (exact != null) {
                return exact;
            }
            for (java.util.Map.Entry<String, List<String>> e : columnsOf.entrySet()) {
                if (e.getKey().equalsIgnoreCase(name)) {
                    return e.getValue();
                }
            }
            return List.of();
        }
    }

    /** Every table, view and index name, and every column name, for completion. */
    public Names names() throws SQLException {
        java.util.Set<String> relations = new java.util.TreeSet<>();
        for (Relation r : relations("TABLE", "VIEW")) {
            relations.add(r.name());
        }
        java.util.Set<String> columns = new java.util.TreeSet<>();
        java.util.Map<String, List<String>> columnsOf = new java.util.TreeMap<>();
        try (ResultSet rs = connection.getMetaData().getColumns(null, null, "%", "%")) {
            while (rs.next()) {
                String schema = rs.getString("TABLE_SCHEM");
                if (schema == null || !schema.equalsIgnoreCase("INFORMATION_SCHEMA")) {
                    String column = rs.getString("COLUMN_NAME");
                    columns.add(column);
                    String table = rs.getString("TABLE_NAME");
                    if (relations.contains(table)) {
                        columnsOf.computeIfAbsent(table, t -> new ArrayList<>()).add(column);
                    }
                }
            }
        }
        java.util.Set<String> indexes = new java.util.TreeSet<>();
        for (IndexInfo i : indexes(null)) {
            indexes.add(i.name());
        }
        return new Names(new ArrayList<>(relations), new ArrayList<>(indexes), new ArrayList<>(columns), columnsOf);
    }

    static String typeText(String typeName, int dataType, int size, int digits) {
        String t = typeName == null ? "?" : typeName.toLowerCase(Locale.ROOT);
        switch (dataType) {
            case Types.CHAR, Types.VARCHAR:
                // an unbounded VARCHAR or TEXT reports PostgreSQL's 10485760
                return t.contains("(") || t.equals("text") || size <= 0 || size >= 10_485_760 ? t : t + "(" + size + ")";
            case Types.DECIMAL, Types.NUMERIC:
                return t.contains("(") || size <= 0 ? t : t + "(" + size + "," + Math.max(0, digits) + ")";
            default:
                return t;
        }
    }

    private String escape(String name) throws SQLException {
        String esc = connection.getMetaData().getSearchStringEscape();
        if (esc == null || esc.isEmpty()) {
            return name;
        }
        return name.replace(esc, esc + esc).replace("%", esc + "%").replace("_", esc + "_");
    }

    private static ResultColumn text(String name) {
        return new ResultColumn(name, ColumnKind.TEXT);
    }
}
