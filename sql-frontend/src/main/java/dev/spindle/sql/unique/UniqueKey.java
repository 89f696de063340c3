package dev.spindle.sql.unique;

import dev.spindle.common.row.Row;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.compute.expr.ColumnRef;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.expr.func.TextFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The key of one uniqueness rule: how to cut it out of a table row, and how PostgreSQL names it in
 * a detail ({@code Key (a, b)=(1, x)}). A key of columns is cut out by copying their encodings
 * ({@link Row#project}); a key with expressions ({@code CREATE UNIQUE INDEX ON t (lower(s))})
 * evaluates them over the decoded row.
 *
 * <p>Immutable and thread-safe.
 */
public final class UniqueKey {
    private final List<ScalarExpr> parts;
    /** The parts' columns when every part is a column, else null. */
    private final int[] columns;
    private final String text;

    private UniqueKey(List<ScalarExpr> parts, String text) {
        this.parts = List.copyOf(parts);
        this.text = Objects.requireNonNull(text, "text");
        if (this.parts.isEmpty()) {
            throw new IllegalArgumentException("a key needs at least one part");
        }
        int[] cols = new int[this.parts.size()];
        for (int i = 0; i < cols.length; i++) {
            if (!(this.parts.get(i) instanceof ColumnRef)) {
                cols = null;
                break;
            }
            cols[i] = ((ColumnRef) this.parts.get(i)).index();
        }
        this.columns = cols;
    }

    /** The key of {@code columns} of a table with columns {@code desc}, named by the columns' names. */
    public static UniqueKey ofColumns(RelationDesc desc, List<Integer> columns) {
        List<ScalarExpr> parts = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int c : columns) {
            parts.add(ScalarExpr.column(c, desc.column(c).type()));
            names.add(quoted(desc.column(c).name()));
        }
        return new UniqueKey(parts, String.join(", ", names));
    }

    /** A column name as PostgreSQL writes it in a detail: quoted unless lower-case letters, digits and _. */
    public static String quoted(String name) {
        return name.matches("[a-z_][a-z0-9_$]*") ? name : '"' + name.replace("\"", "\"\"") + '"';
    }

    /** A key of {@code parts} over a table's columns, named {@code text} in messages. */
    public static UniqueKey of(List<ScalarExpr> parts, String text) {
        return new UniqueKey(parts, text);
    }

    /** The key's parts, as PostgreSQL writes them in a detail: {@code a, b}. */
    public String text() {
        return text;
    }

    /**
     * The key of table row {@code row}, or null when a part of it is NULL: such a row never
     * collides with another (NULLs are distinct, as in PostgreSQL).
     *
     * @throws dev.spindle.common.error.SpindleException if an expression part fails on the row
     */
    public Row keyOf(Row row) {
        Row key;
        if (columns != null) {
            key = row.project(columns);
        } else {
            Object[] values = row.toArray();
            Object[] out = new Object[parts.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = parts.get(i).eval(values);
            }
            key = Row.of(out);
        }
        return key.hasNull() ? null : key;
    }

    /** The values of {@code key} as PostgreSQL prints them in a detail: {@code 1, abc}. */
    public String valuesText(Row key) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            Object v = key.get(i);
            ColumnType type = parts.get(i).type();
            out.add(v == null ? "null" : v instanceof String ? (String) v : TextFormat.format(v, type));
        }
        return String.join(", ", out);
    }

    @Override
    public String toString() {
        return "(" + text + ")";
    }
}
