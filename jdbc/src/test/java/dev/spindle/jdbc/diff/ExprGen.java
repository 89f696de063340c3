package dev.spindle.jdbc.diff;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random typed scalar expressions and predicates over the columns in scope (alias-qualified).
 * Shapes left out because H2's PostgreSQL mode answers them differently from PostgreSQL:
 * <ul>
 *   <li>division by anything but a positive literal: H2 types {@code 3 / CASE WHEN FALSE THEN
 *       -1.5 ELSE 2 END} as an integer division (1, PostgreSQL 1.5), and a zero divisor would
 *       be an error on one side only where the evaluation orders differ;</li>
 *   <li>a decimal quotient: H2 keeps fewer digits ({@code -3 / NULLIF(2.75, 0)} is -1.0909 in H2,
 *       -1.0909090909090909 in PostgreSQL and Spindle), found by seed 4397300427685010304;</li>
 * </ul>
 * Not thread-safe: one per scenario, driven by that scenario's {@link Random}.
 */
final class ExprGen {
    record Expr(String sql, Kind kind) {
    }

    record Scoped(String alias, Rel.Col col) {
        Expr expr() {
            return new Expr(alias + "." + col.name(), col.kind());
        }
    }

    /** A qualified column reference ({@code x.k}, {@code t1.dec0}) somewhere in an expression. */
    private static final java.util.regex.Pattern COLUMN = java.util.regex.Pattern.compile("\\b[a-z]+[0-9]*\\.[a-z]");

    private final Random r;
    private final List<Scoped> scope;

    ExprGen(Random r, List<Scoped> scope) {
        this.r = r;
        this.scope = List.copyOf(scope);
    }

    static List<Scoped> scope(String alias, Rel rel) {
        List<Scoped> out = new ArrayList<>();
        for (Rel.Col c : rel.cols()) {
            out.add(new Scoped(alias, c));
        }
        return out;
    }

    List<Scoped> columns() {
        return scope;
    }

    Scoped column() {
        return scope.get(r.nextInt(scope.size()));
    }

    /** A column of a kind compatible with {@code k}, or null. */
    Scoped column(Kind k) {
        List<Scoped> fit = new ArrayList<>();
        for (Scoped s : scope) {
            if (s.col().kind().compatible(k)) {
                fit.add(s);
            }
        }
        return fit.isEmpty() ? null : fit.get(r.nextInt(fit.size()));
    }

    /** A column of kind {@code k} exactly, or null. */
    Scoped columnExactly(Kind k) {
        List<Scoped> fit = new ArrayList<>();
        for (Scoped s : scope) {
            if (s.col().kind() == k) {
                fit.add(s);
            }
        }
        return fit.isEmpty() ? null : fit.get(r.nextInt(fit.size()));
    }

    String literalOrNull(Kind k) {
        return r.nextInt(6) == 0 ? "NULL" : k.literal(r);
    }

    /** Any expression. */
    Expr any(int depth) {
        return of(column().col().kind(), depth);
    }

    /** An expression whose kind is compatible with {@code k} (exactly {@code k} for text and booleans). */
    Expr of(Kind k, int depth) {
        if (k == Kind.BOOL) {
            return new Expr(pred(depth), Kind.BOOL);
        }
        Scoped c = column(k);
        int choice = depth <= 0 ? r.nextInt(2) : r.nextInt(9);
        if (choice == 0 && c != null) {
            return c.expr();
        }
        if (choice <= 1) {
            return c != null && r.nextBoolean() ? c.expr() : new Expr(k.literal(r), k);
        }
        if (k == Kind.TEXT) {
            Expr a = of(Kind.TEXT, depth - 1);
            switch (choice) {
                case 2:
                case 3:
                    Expr b = of(Kind.TEXT, depth - 1);
                    return new Expr("(" + a.sql() + " || " + b.sql() + ")", Kind.TEXT);
                case 4:
                    return new Expr((r.nextBoolean() ? "upper(" : "lower(") + a.sql() + ")", Kind.TEXT);
                case 5:
                    return new Expr("COALESCE(" + a.sql() + ", " + Kind.TEXT.literal(r) + ")", Kind.TEXT);
                case 6:
                    return new Expr("CASE WHEN " + pred(depth - 1) + " THEN " + a.sql() + " ELSE "
                            + of(Kind.TEXT, depth - 1).sql() + " END", Kind.TEXT);
                case 7:
                    return new Expr("substring(" + a.sql() + " from 2)", Kind.TEXT);
                default: {
                    // no double cast to text: H2 spells 4.0 '4.0', PostgreSQL (and Spindle) '4'
                    Scoped n = r.nextBoolean() ? columnExactly(Kind.DEC) : columnExactly(r.nextBoolean() ? Kind.INT : Kind.BIGINT);
                    return new Expr(r.nextBoolean() || n == null ? "replace(" + a.sql() + ", 'a', 'xy')"
                            : "CAST(" + n.expr().sql() + " AS TEXT)", Kind.TEXT);
                }
            }
        }
        Expr a = of(k, depth - 1);
        if (choice == 8 && r.nextBoolean()) {
            return extra(k, a, depth);
        }
        switch (choice) {
            case 2:
            case 3: {
                Expr b = of(k, depth - 1);
                String op = new String[] {"+", "-", "*"}[r.nextInt(3)];
                return new Expr("(" + a.sql() + " " + op + " " + b.sql() + ")", Kind.promote(a.kind(), b.kind()));
            }
            case 4:
                // a positive literal divisor only (see the class comment)
                return new Expr("(" + a.sql() + " / " + (2 + r.nextInt(2)) + ")", a.kind());
            case 5:
                // a BIGINT modulus for a BIGINT: H2 types bigint % integer as an integer (PostgreSQL: bigint)
                return a.kind().integral()
                        ? new Expr("(" + a.sql() + " % " + (a.kind() == Kind.BIGINT ? "CAST(3 AS BIGINT)" : "3") + ")", a.kind())
                        : new Expr("abs(" + a.sql() + ")", a.kind());
            case 6:
                return new Expr("COALESCE(" + a.sql() + ", " + a.kind().literal(r) + ")", a.kind());
            case 7: {
                Expr b = of(k, depth - 1);
                return new Expr("CASE WHEN " + pred(depth - 1) + " THEN " + a.sql() + " ELSE " + b.sql() + " END",
                        Kind.promote(a.kind(), b.kind()));
            }
            default: {
                Scoped t = column(Kind.TEXT);
                return t == null ? a : new Expr("char_length(" + t.expr().sql() + ")", Kind.INT);
            }
        }
    }

    /**
     * Casts, division by a column that is never zero. No double cast to an integer: H2 rounds
     * {@code CAST(4.5::float8 AS integer)} half up (5), PostgreSQL (and Spindle) to even (4).
     */
    private Expr extra(Kind k, Expr a, int depth) {
        int choice = r.nextInt(4);
        if (a.kind() == Kind.DBL && (choice == 1 || choice == 3)) {
            return a;
        }
        if (choice > 0 && !COLUMN.matcher(a.sql()).find()) {
            // Spindle folds a cast of a constant with Calcite's rules, not PostgreSQL's:
            // CAST(2.5 AS INTEGER) is 2 (PostgreSQL 3), CAST(1.25 AS DECIMAL(5,1)) 1.2 (1.3);
            // the same casts of columns are right. Reported; left out here until fixed.
            return a;
        }
        switch (choice) {
            case 0: {
                Expr b = of(k, depth - 1);
                Kind quotient = Kind.promote(a.kind(), b.kind());
                if (quotient == Kind.DEC) {
                    return a; // see the class comment: H2 gives a decimal quotient fewer digits
                }
                return new Expr("(" + a.sql() + " / NULLIF(" + b.sql() + ", 0))", quotient);
            }
            case 1:
                return new Expr("CAST(" + a.sql() + " AS INTEGER)", Kind.INT);
            case 2:
                return new Expr("CAST(" + a.sql() + " AS DECIMAL(12,2))", Kind.DEC);
            default:
                return new Expr("CAST(" + a.sql() + " AS BIGINT)", Kind.BIGINT);
        }
    }

    /** A boolean expression. */
    String pred(int depth) {
        int choice = depth <= 0 ? r.nextInt(5) : r.nextInt(8);
        Scoped c = column();
        Kind k = c.col().kind();
        switch (choice) {
            case 0:
            case 1: {
                if (k == Kind.BOOL) {
                    return c.expr().sql();
                }
                String op = new String[] {"=", "<>", "<", "<=", ">", ">="}[r.nextInt(6)];
                Scoped other = column(k);
                String rhs = r.nextInt(3) == 0 && other != null ? other.expr().sql() : k.literal(r);
                return c.expr().sql() + " " + op + " " + rhs;
            }
            case 2:
                return c.expr().sql() + (r.nextBoolean() ? " IS NULL" : " IS NOT NULL");
            case 3: {
                if (k == Kind.BOOL) {
                    return "NOT " + c.expr().sql();
                }
                return c.expr().sql() + (r.nextInt(4) == 0 ? " NOT IN (" : " IN (") + k.literal(r) + ", " + k.literal(r)
                        + ")";
            }
            case 4: {
                if (k == Kind.TEXT) {
                    return c.expr().sql() + (r.nextInt(3) == 0 ? " NOT LIKE " : " LIKE ")
                            + new String[] {"'a%'", "'%b'", "'_'", "'%a%'", "''"}[r.nextInt(5)];
                }
                if (k == Kind.BOOL) {
                    return c.expr().sql() + " = " + k.literal(r);
                }
                String lo = k.literal(r);
                return c.expr().sql() + " BETWEEN " + lo + " AND " + k.literal(r);
            }
            case 5: {
                Kind k2 = r.nextBoolean() ? Kind.INT : (r.nextBoolean() ? Kind.TEXT : k);
                if (k2 == Kind.BOOL) {
                    k2 = Kind.INT;
                }
                Expr a = of(k2, depth - 1);
                Expr b = of(a.kind(), depth - 1);
                String op = new String[] {"=", "<>", "<", ">="}[r.nextInt(4)];
                return "(" + a.sql() + " " + op + " " + b.sql() + ")";
            }
            case 6:
                return "(" + pred(depth - 1) + (r.nextBoolean() ? " AND " : " OR ") + pred(depth - 1) + ")";
            default:
                return "NOT (" + pred(depth - 1) + ")";
        }
    }
}
