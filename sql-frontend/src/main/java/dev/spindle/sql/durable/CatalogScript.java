package dev.spindle.sql.durable;

import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.compute.expr.Literal;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.catalog.KeyConstraint;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Catalog objects as the statements that create or drop them, with every name quoted: tables
 * (columns, types, constant defaults, constraints by name), views (their stored query), indexes
 * (by column, or the statement that made an index on expressions).
 *
 * <p>Stateless; thread-safe.
 */
final class CatalogScript {
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSSSSS");
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSSSSSSSS");

    private CatalogScript() {
    }

    /** {@code name} as a quoted identifier. */
    static String quote(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }

    /** The statement that creates {@code item} in {@code catalog}. */
    static String create(Catalog catalog, CatalogItem item, Map<dev.spindle.common.id.GlobalId, String> indexTexts) {
        if (item instanceof CatalogItem.Table t) {
            return createTable(t);
        }
        if (item instanceof CatalogItem.View v) {
            return "CREATE VIEW " + quote(v.name()) + " AS " + v.sql();
        }
        CatalogItem.Index i = (CatalogItem.Index) item;
        if (i.keyColumns() == null) {
            String text = indexTexts.get(i.id());
            if (text == null) {
                throw new IllegalStateException("no statement recorded for index " + i.name());
            }
            return text;
        }
        CatalogItem on = catalog.get(i.on()).orElseThrow();
        RelationDesc desc = on instanceof CatalogItem.Table t ? t.desc() : ((CatalogItem.View) on).desc();
        List<String> cols = new ArrayList<>();
        for (int c : i.keyColumns()) {
            cols.add(quote(desc.column(c).name()));
        }
        return (i.unique() ? "CREATE UNIQUE INDEX " : "CREATE INDEX ") + quote(i.name()) + " ON " + quote(on.name())
                + " (" + String.join(", ", cols) + ")";
    }

    /** The statement that drops {@code item} (and what depends on it), if it is still there. */
    static String drop(CatalogItem item) {
        String kind = item instanceof CatalogItem.Table ? "TABLE" : item instanceof CatalogItem.View ? "VIEW" : "INDEX";
        return "DROP " + kind + " IF EXISTS " + quote(item.name()) + " CASCADE";
    }

    private static String createTable(CatalogItem.Table t) {
        List<String> parts = new ArrayList<>();
        for (int c = 0; c < t.desc().arity(); c++) {
            Column col = t.desc().column(c);
            ScalarExpr d = t.defaults().get(c);
            parts.add(quote(col.name()) + " " + col.type() + (d == null ? "" : " DEFAULT " + literal(d)));
        }
        for (KeyConstraint k : t.keys()) {
            List<String> cols = new ArrayList<>();
            for (int c : k.columns()) {
                cols.add(quote(t.desc().column(c).name()));
            }
            parts.add("CONSTRAINT " + quote(k.name()) + (k.primaryKey() ? " PRIMARY KEY (" : " UNIQUE (")
                    + String.join(", ", cols) + ")");
        }
        return "CREATE TABLE " + quote(t.name()) + " (" + String.join(", ", parts) + ")";
    }

    /** A constant default as SQL: a literal cast to the type it was written with. */
    static String literal(ScalarExpr e) {
        if (!(e instanceof Literal l)) {
            throw new IllegalStateException("a default that is not a constant: " + e);
        }
        ColumnType type = l.type().withNullable(true);
        Object v = l.value();
        if (v == null) {
            return "CAST(NULL AS " + type + ")";
        }
        String text;
        if (v instanceof Boolean b) {
            text = b ? "TRUE" : "FALSE";
        } else if (v instanceof BigDecimal d) {
            text = "'" + d.toPlainString() + "'";
        } else if (v instanceof LocalDateTime ts) {
            text = "'" + TIMESTAMP.format(ts) + "'";
        } else if (v instanceof LocalTime t) {
            text = "'" + TIME.format(t) + "'";
        } else {
            text = "'" + v.toString().replace("'", "''") + "'";
        }
        return "CAST(" + text + " AS " + type + ")";
    }
}
