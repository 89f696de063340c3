package dev.spindle.jdbc.diff;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random queries over the relations of a scenario: projections with filters (and DISTINCT),
 * inner and outer joins, GROUP BY with aggregates and HAVING, global aggregates, set operations,
 * IN/EXISTS/scalar subqueries (some correlated), and ORDER BY over every output column with
 * LIMIT/OFFSET. Output columns are named {@code c1, c2, ...} so a query can define a view.
 *
 * <p>Not thread-safe: one per scenario.
 */
final class QueryGen {
    /** A query, the kinds of its columns, and whether its ORDER BY fixes the order of its rows. */
    record Query(String sql, List<Kind> kinds, boolean ordered) {
    }

    private final Random r;
    private final List<Rel> rels;

    QueryGen(Random r, List<Rel> rels) {
        this.r = r;
        this.rels = List.copyOf(rels);
    }

    private Rel rel() {
        return rels.get(r.nextInt(rels.size()));
    }

    /** A query usable as a view's body (no ORDER BY). */
    Query viewBody() {
        switch (r.nextInt(4)) {
            case 0:
                return join();
            case 1:
                return grouped();
            default:
                return select();
        }
    }

    /** Any query, sometimes fully ordered and limited. */
    Query query() {
        Query q;
        switch (r.nextInt(9)) {
            case 0:
            case 1:
                q = select();
                break;
            case 2:
                q = join();
                break;
            case 3:
                q = grouped();
                break;
            case 4:
                q = global();
                break;
            case 5:
                q = setop();
                break;
            case 6:
            case 7:
                q = subquery();
                break;
            default:
                q = select();
        }
        return r.nextInt(4) == 0 ? ordered(q) : q;
    }

    private Query ordered(Query q) {
        StringBuilder sb = new StringBuilder("SELECT * FROM (").append(q.sql()).append(") AS o ORDER BY ");
        for (int i = 0; i < q.kinds().size(); i++) {
            sb.append(i == 0 ? "" : ", ").append("c").append(i + 1);
            int dir = r.nextInt(4);
            sb.append(dir == 0 ? " DESC" : dir == 1 ? " DESC NULLS LAST" : dir == 2 ? " NULLS FIRST" : "");
        }
        if (r.nextBoolean()) {
            sb.append(" LIMIT ").append(r.nextInt(5));
            if (r.nextBoolean()) {
                sb.append(" OFFSET ").append(r.nextInt(3));
            }
        }
        return new Query(sb.toString(), q.kinds(), true);
    }

    private static String selectList(List<ExprGen.Expr> es, List<Kind> kinds) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < es.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(es.get(i).sql()).append(" AS c").append(i + 1);
            kinds.add(es.get(i).kind());
        }
        return sb.toString();
    }

    private String where(ExprGen g) {
        return r.nextInt(3) == 0 ? "" : " WHERE " + g.pred(2);
    }

    Query select() {
        Rel t = rel();
        ExprGen g = new ExprGen(r, ExprGen.scope("x", t));
        List<ExprGen.Expr> es = new ArrayList<>();
        for (int i = 1 + r.nextInt(3); i > 0; i--) {
            es.add(r.nextBoolean() ? g.column().expr() : g.any(2));
        }
        List<Kind> kinds = new ArrayList<>();
        String distinct = r.nextInt(4) == 0 ? "DISTINCT " : "";
        return new Query("SELECT " + distinct + selectList(es, kinds) + " FROM " + t.name() + " x" + where(g), kinds, false);
    }

    Query join() {
        Rel a = rel();
        Rel b = rel();
        List<ExprGen.Scoped> both = new ArrayList<>(ExprGen.scope("x", a));
        both.addAll(ExprGen.scope("y", b));
        ExprGen gx = new ExprGen(r, ExprGen.scope("x", a));
        ExprGen gy = new ExprGen(r, ExprGen.scope("y", b));
        ExprGen g = new ExprGen(r, both);
        // no FULL JOIN: H2 has none (PlannedQueryTest checks Spindle's against an equivalent query)
        String type = new String[] {"JOIN", "JOIN", "LEFT JOIN", "RIGHT JOIN", "CROSS JOIN"}[r.nextInt(5)];
        String on = "";
        if (!type.equals("CROSS JOIN")) {
            ExprGen.Scoped lx = gx.column();
            ExprGen.Scoped ly = gy.column(lx.col().kind());
            on = ly == null ? " ON " + g.pred(1) : " ON " + lx.expr().sql() + " = " + ly.expr().sql();
            if (r.nextInt(3) == 0) {
                on += " AND " + g.pred(1);
            }
        }
        List<ExprGen.Expr> es = new ArrayList<>();
        es.add(gx.column().expr());
        es.add(gy.column().expr());
        if (r.nextBoolean()) {
            es.add(g.any(1));
        }
        List<Kind> kinds = new ArrayList<>();
        return new Query("SELECT " + selectList(es, kinds) + " FROM " + a.name() + " x " + type + " " + b.name() + " y" + on
                + where(g), kinds, false);
    }

    private ExprGen.Expr aggregate(ExprGen g) {
        ExprGen.Scoped c = g.column();
        Kind k = c.col().kind();
        String col = c.expr().sql();
        switch (r.nextInt(k.numeric() ? 8 : k == Kind.TEXT ? 5 : 3)) {
            case 0:
                return new ExprGen.Expr("count(*)", Kind.BIGINT);
            case 1:
                return new ExprGen.Expr("count(" + col + ")", Kind.BIGINT);
            case 2:
                return new ExprGen.Expr("count(DISTINCT " + col + ")", Kind.BIGINT);
            case 3:
                return new ExprGen.Expr("min(" + col + ")", k);
            case 4:
                return new ExprGen.Expr("max(" + col + ")", k);
            case 5:
                return new ExprGen.Expr("sum(" + col + ")", k.integral() ? Kind.DEC : k);
            case 6:
                return new ExprGen.Expr("sum(DISTINCT " + col + ")", k.integral() ? Kind.DEC : k);
            default:
                return new ExprGen.Expr("avg(" + col + ")", k == Kind.DBL ? Kind.DBL : Kind.DEC);
        }
    }

    Query grouped() {
        Rel t = rel();
        ExprGen g = new ExprGen(r, ExprGen.scope("x", t));
        List<ExprGen.Expr> es = new ArrayList<>();
        ExprGen.Scoped key = g.column();
        es.add(key.expr());
        String groupBy = key.expr().sql();
        if (r.nextInt(3) == 0) {
            ExprGen.Scoped key2 = g.column();
            es.add(key2.expr());
            groupBy += ", " + key2.expr().sql();
        }
        for (int i = 1 + r.nextInt(2); i > 0; i--) {
            es.add(aggregate(g));
        }
        List<Kind> kinds = new ArrayList<>();
        String having = r.nextInt(3) == 0 ? " HAVING count(*) > " + r.nextInt(3) : "";
        return new Query("SELECT " + selectList(es, kinds) + " FROM " + t.name() + " x" + where(g) + " GROUP BY "
                + groupBy + having, kinds, false);
    }

    Query global() {
        Rel t = rel();
        ExprGen g = new ExprGen(r, ExprGen.scope("x", t));
        List<ExprGen.Expr> es = new ArrayList<>();
        for (int i = 1 + r.nextInt(2); i > 0; i--) {
            es.add(aggregate(g));
        }
        List<Kind> kinds = new ArrayList<>();
        return new Query("SELECT " + selectList(es, kinds) + " FROM " + t.name() + " x" + where(g), kinds, false);
    }

    Query setop() {
        Rel a = rel();
        Rel b = rel();
        ExprGen gx = new ExprGen(r, ExprGen.scope("x", a));
        ExprGen.Scoped cx = gx.column();
        ExprGen gy = new ExprGen(r, ExprGen.scope("y", b));
        ExprGen.Scoped cy = gy.column(cx.col().kind());
        if (cy == null) {
            return select();
        }
        // no INTERSECT ALL or EXCEPT ALL: H2 has neither (PlannedQueryTest checks them against equivalents)
        String op = new String[] {"UNION", "UNION ALL", "INTERSECT", "EXCEPT"}[r.nextInt(4)];
        Kind k = Kind.promote(cx.col().kind(), cy.col().kind());
        return new Query("SELECT " + cx.expr().sql() + " AS c1 FROM " + a.name() + " x" + where(gx) + " " + op + " SELECT "
                + cy.expr().sql() + " FROM " + b.name() + " y" + where(gy), List.of(k), false);
    }

    Query subquery() {
        Rel a = rel();
        Rel b = rel();
        ExprGen gx = new ExprGen(r, ExprGen.scope("x", a));
        ExprGen gy = new ExprGen(r, ExprGen.scope("y", b));
        List<ExprGen.Expr> es = new ArrayList<>();
        es.add(gx.column().expr());
        String cond;
        ExprGen.Scoped cx = gx.column();
        // the same kind on both sides of IN: H2 casts the subquery's BIGINT values to the INTEGER
        // of the left side and fails with 22004 where PostgreSQL compares them as bigints
        ExprGen.Scoped cy = gy.columnExactly(cx.col().kind());
        if (cy == null) {
            cond = "EXISTS (SELECT 1 FROM " + b.name() + " y" + where(gy) + ")";
        } else {
            switch (r.nextInt(5)) {
                case 0:
                    cond = cx.expr().sql() + " IN (SELECT " + cy.expr().sql() + " FROM " + b.name() + " y" + where(gy) + ")";
                    break;
                case 1:
                    cond = cx.expr().sql() + " NOT IN (SELECT " + cy.expr().sql() + " FROM " + b.name() + " y" + where(gy) + ")";
                    break;
                case 2:
                    cond = (r.nextBoolean() ? "NOT " : "") + "EXISTS (SELECT 1 FROM " + b.name() + " y WHERE " + cy.expr().sql()
                            + " = " + cx.expr().sql() + (r.nextBoolean() ? " AND " + gy.pred(1) : "") + ")";
                    break;
                case 3: {
                    String agg = cx.col().kind() == Kind.BOOL ? "count(" + cy.expr().sql() + ")" : "max(" + cy.expr().sql() + ")";
                    String lhs = cx.col().kind() == Kind.BOOL ? "1" : cx.expr().sql();
                    cond = lhs + " " + new String[] {"=", "<", ">="}[r.nextInt(3)] + " (SELECT " + agg + " FROM " + b.name()
                            + " y" + where(gy) + ")";
                    break;
                }
                default: {
                    // a correlated scalar subquery in the select list
                    ExprGen.Scoped v = gy.column();
                    String agg = v.col().kind() == Kind.BOOL ? "count(" + v.expr().sql() + ")" : "min(" + v.expr().sql() + ")";
                    es.add(new ExprGen.Expr("(SELECT " + agg + " FROM " + b.name() + " y WHERE " + cy.expr().sql() + " = "
                            + cx.expr().sql() + ")", v.col().kind() == Kind.BOOL ? Kind.BIGINT : v.col().kind()));
                    cond = r.nextBoolean() ? "TRUE" : gx.pred(1);
                }
            }
        }
        List<Kind> kinds = new ArrayList<>();
        return new Query("SELECT " + selectList(es, kinds) + " FROM " + a.name() + " x WHERE " + cond, kinds, false);
    }
}
