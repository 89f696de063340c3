package dev.spindle.jdbc.diff;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * One random scenario, as a list of steps: tables of a few nullable columns (always an INTEGER
 * {@code k}, to join on), then interleaved multi-row INSERTs, UPDATEs and DELETEs with random
 * predicates, indexes on tables and views (some dropped again), views (some indexed) and queries.
 * A step says which engines run it (H2 cannot index a view) and whether its rows come in a fixed
 * order. Deterministic in its seed.
 */
final class Scenario {
    /**
     * One statement; {@code onH2} false for what only Spindle has (indexes on views) and for DROP
     * INDEX, after which H2 answers queries over views wrongly (see {@code step}).
     */
    record Step(String sql, boolean onH2, boolean ordered) {
    }

    private final Random r;
    private final List<Rel> tables = new ArrayList<>();
    private final List<Rel> rels = new ArrayList<>();
    private final List<String> indexes = new ArrayList<>();
    private final List<Step> steps = new ArrayList<>();
    private int names;

    Scenario(long seed, int length) {
        r = new Random(seed);
        for (int t = 1, n = 2 + r.nextInt(2); t <= n; t++) {
            createTable("t" + t);
        }
        for (Rel t : tables) {
            insert(t);
        }
        while (steps.size() < length) {
            step();
        }
    }

    List<Step> steps() {
        return steps;
    }

    private void createTable(String name) {
        List<Rel.Col> cols = new ArrayList<>();
        cols.add(new Rel.Col("k", Kind.INT));
        Kind[] kinds = Kind.values();
        for (int i = 0, n = 2 + r.nextInt(3); i < n; i++) {
            Kind k = kinds[r.nextInt(kinds.length)];
            cols.add(new Rel.Col(k.name().toLowerCase(java.util.Locale.ROOT) + i, k));
        }
        Rel t = new Rel(name, cols, false);
        StringBuilder sb = new StringBuilder("CREATE TABLE ").append(name).append(" (");
        for (int i = 0; i < cols.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(cols.get(i).name()).append(' ').append(cols.get(i).kind().sql);
        }
        tables.add(t);
        rels.add(t);
        steps.add(new Step(sb.append(')').toString(), true, false));
    }

    private Rel table() {
        return tables.get(r.nextInt(tables.size()));
    }

    private void step() {
        int w = r.nextInt(20);
        if (w < 3) {
            insert(table());
        } else if (w < 4) {
            insertSelect(table());
        } else if (w < 6) {
            update(table());
        } else if (w < 7) {
            delete(table());
        } else if (w < 9) {
            createIndex();
        } else if (w < 10 && !indexes.isEmpty()) {
            String ix = indexes.remove(r.nextInt(indexes.size()));
            // Spindle only: an index changes no answer, and H2 2.5.252 answers a query over a view from
            // stale data after DROP INDEX (seed 50025: a join view lost rows that PostgreSQL 15 and
            // Spindle return; the same script without the DROP INDEX, H2 answers right)
            steps.add(new Step("DROP INDEX " + ix.substring(ix.indexOf(' ') + 1), false, false));
        } else if (w < 11 && rels.size() < tables.size() + 3) {
            createView();
        } else {
            QueryGen.Query q = new QueryGen(r, rels).query();
            steps.add(new Step(q.sql(), true, q.ordered()));
        }
    }

    private void insert(Rel t) {
        ExprGen g = new ExprGen(r, ExprGen.scope(t.name(), t));
        StringBuilder sb = new StringBuilder("INSERT INTO ").append(t.name()).append(" VALUES ");
        for (int i = 0, n = 1 + r.nextInt(4); i < n; i++) {
            sb.append(i == 0 ? "(" : ", (");
            for (int c = 0; c < t.cols().size(); c++) {
                sb.append(c == 0 ? "" : ", ").append(g.literalOrNull(t.cols().get(c).kind()));
            }
            sb.append(')');
        }
        steps.add(new Step(sb.toString(), true, false));
    }

    /** {@code INSERT INTO t SELECT ...} from a table, a column of the same kind for each column or NULL. */
    private void insertSelect(Rel t) {
        Rel from = table();
        ExprGen g = new ExprGen(r, ExprGen.scope("x", from));
        StringBuilder sb = new StringBuilder("INSERT INTO ").append(t.name()).append(" SELECT ");
        for (int c = 0; c < t.cols().size(); c++) {
            ExprGen.Scoped src = g.columnExactly(t.cols().get(c).kind());
            sb.append(c == 0 ? "" : ", ").append(src == null ? g.literalOrNull(t.cols().get(c).kind()) : src.expr().sql());
        }
        steps.add(new Step(sb.append(" FROM ").append(from.name()).append(" x WHERE ").append(g.pred(1)).toString(), true,
                false));
    }

    private void update(Rel t) {
        ExprGen g = new ExprGen(r, ExprGen.scope(t.name(), t));
        Rel.Col c = t.cols().get(r.nextInt(t.cols().size()));
        String value;
        int choice = r.nextInt(3);
        if (choice == 0 || !c.kind().numeric()) {
            value = g.literalOrNull(c.kind());
        } else if (choice == 1) {
            // the same kind on both sides: no assignment cast (rounding rules are not under test here)
            value = t.name() + "." + c.name() + " + " + c.kind().literal(r);
        } else {
            value = "CASE WHEN " + g.pred(1) + " THEN " + c.kind().literal(r) + " ELSE " + t.name() + "." + c.name() + " END";
        }
        steps.add(new Step("UPDATE " + t.name() + " SET " + c.name() + " = " + value
                + (r.nextInt(4) == 0 ? "" : " WHERE " + g.pred(2)), true, false));
    }

    private void delete(Rel t) {
        ExprGen g = new ExprGen(r, ExprGen.scope(t.name(), t));
        steps.add(new Step("DELETE FROM " + t.name() + " WHERE " + g.pred(2), true, false));
    }

    private void createIndex() {
        Rel on = rels.get(r.nextInt(rels.size()));
        String name = "ix" + ++names;
        StringBuilder cols = new StringBuilder();
        List<Rel.Col> cs = new ArrayList<>(on.cols());
        java.util.Collections.shuffle(cs, r);
        for (int i = 0, n = 1 + r.nextInt(Math.min(2, cs.size())); i < n; i++) {
            cols.append(i == 0 ? "" : ", ").append(cs.get(i).name());
        }
        // the list remembers "v name" for an index on a view, "t name" on a table
        indexes.add((on.view() ? "v " : "t ") + name);
        steps.add(new Step("CREATE INDEX " + name + " ON " + on.name() + " (" + cols + ")", !on.view(), false));
    }

    private void createView() {
        QueryGen.Query body = new QueryGen(r, rels).viewBody();
        String name = "v" + ++names;
        List<Rel.Col> cols = new ArrayList<>();
        for (int i = 0; i < body.kinds().size(); i++) {
            cols.add(new Rel.Col("c" + (i + 1), body.kinds().get(i)));
        }
        rels.add(new Rel(name, cols, true));
        steps.add(new Step("CREATE VIEW " + name + " AS " + body.sql(), true, false));
        if (r.nextBoolean()) {
            String ix = "ix" + ++names;
            indexes.add("v " + ix);
            steps.add(new Step("CREATE INDEX " + ix + " ON " + name + " (c1)", false, false));
        }
    }
}
