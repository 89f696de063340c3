package dev.spindle.sql.parser;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Generated statements of every kind Spindle adds (and Calcite's DML): each parses, unparses to
 * text that parses to an equal tree, unparses to the same text again, and survives
 * {@code clone} ({@link RoundTrip#check}).
 */
class RoundTripProperties {

    @Property(tries = 400)
    void everyGeneratedStatementRoundTrips(@ForAll("statements") String sql) {
        RoundTrip.check(sql);
    }

    @Provide
    Arbitrary<String> statements() {
        return Arbitraries.oneOf(createTable(), createIndex(), createView(), drop(), show(), transaction(),
                query(), explain(), dml());
    }

    // ---- names and expressions

    private static Arbitrary<String> name() {
        return Arbitraries.oneOf(
                Arbitraries.of("t", "a", "b", "Orders", "index", "if", "file", "show", "tables", "text", "key",
                        "cascade", "work", "plan", "\"Mixed Case\"", "\"quo\"\"te\"", "\"SELECT\""),
                Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(6).map(s -> s + "_1"));
    }

    private static Arbitrary<String> qualified() {
        return Arbitraries.oneOf(name(), Combinators.combine(name(), name()).as((s, n) -> s + "." + n));
    }

    private static Arbitrary<String> literal() {
        return Arbitraries.oneOf(
                Arbitraries.integers().between(-1000, 1_000_000).map(String::valueOf),
                Arbitraries.of("1.5", "0.001", "1e3", "true", "false", "null", "'it''s'", "''", "'x'",
                        "date '2024-02-29'", "timestamp '2024-01-01 10:00:00'", "interval '1' second"));
    }

    /** Expressions nested at most {@code depth} operators deep. */
    private static Arbitrary<String> expression(int depth) {
        if (depth == 0) {
            return Arbitraries.oneOf(literal(), name());
        }
        Arbitrary<String> sub = expression(depth - 1);
        return Arbitraries.oneOf(
                literal(),
                name(),
                Combinators.combine(sub, Arbitraries.of("+", "-", "*", "/", "=", "<>", "<", ">=", "and", "or", "||"), sub)
                        .as((l, op, r) -> l + " " + op + " " + r),
                sub.map(e -> "(" + e + ")"),
                sub.map(e -> "not " + e),
                sub.map(e -> e + " is null"),
                Combinators.combine(Arbitraries.of("abs", "lower", "coalesce", "my_fn"), sub)
                        .as((f, e) -> f + "(" + e + ")"),
                Combinators.combine(sub, sub, sub).as((c, a, b) -> "case when " + c + " then " + a + " else " + b + " end"),
                Combinators.combine(sub, Arbitraries.of("integer", "varchar(5)", "text", "decimal(4, 1)"))
                        .as((e, ty) -> "cast(" + e + " as " + ty + ")"));
    }

    private static Arbitrary<String> smallExpression() {
        return expression(2);
    }

    private static Arbitrary<String> list(Arbitrary<String> item, int max) {
        return item.list().ofMinSize(1).ofMaxSize(max).map(l -> String.join(", ", l));
    }

    // ---- DDL

    private static Arbitrary<String> type() {
        return Arbitraries.of("boolean", "smallint", "integer", "int", "bigint", "real", "double", "double precision",
                "float", "decimal(10, 2)", "numeric(5)", "char(3)", "varchar(40)", "text", "date", "time", "timestamp");
    }

    private static Arbitrary<String> column() {
        Arbitrary<String> nullability = Arbitraries.of("", " not null", " null");
        Arbitrary<String> dflt = Arbitraries.oneOf(Arbitraries.just(""), smallExpression().map(e -> " default " + e));
        Arbitrary<String> pk = Arbitraries.of("", " primary key");
        Arbitrary<String> unique = Arbitraries.of("", " unique");
        return Combinators.combine(name(), type(), nullability, dflt, pk, unique)
                .as((n, t, nu, d, p, u) -> n + " " + t + nu + d + p + u);
    }

    private static Arbitrary<String> tableConstraint() {
        Arbitrary<String> constraintName = Arbitraries.oneOf(Arbitraries.just(""), name().map(n -> "constraint " + n + " "));
        return Combinators.combine(constraintName, Arbitraries.of("primary key", "unique"), list(name(), 3))
                .as((n, k, cols) -> n + k + " (" + cols + ")");
    }

    private static Arbitrary<String> createTable() {
        Arbitrary<String> elements = Arbitraries.oneOf(column(), column(), tableConstraint()).list()
                .ofMinSize(1).ofMaxSize(6).map(l -> String.join(", ", l));
        return Combinators.combine(Arbitraries.of("", "if not exists "), qualified(), elements)
                .as((ine, n, e) -> "create table " + ine + n + " (" + e + ")");
    }

    private static Arbitrary<String> createIndex() {
        Arbitrary<String> key = Combinators.combine(smallExpression(), Arbitraries.of("", " asc", " desc"))
                .as((e, d) -> e + d);
        Arbitrary<String> naming = Arbitraries.oneOf(Arbitraries.just(""), name().map(n -> n + " "),
                name().map(n -> "if not exists " + n + " "));
        return Combinators.combine(Arbitraries.of("", "unique "), naming, qualified(), list(key, 4))
                .as((u, n, on, keys) -> "create " + u + "index " + n + "on " + on + " (" + keys + ")");
    }

    private static Arbitrary<String> createView() {
        Arbitrary<String> head = Arbitraries.of("create view ", "create or replace view ", "create view if not exists ");
        Arbitrary<String> columns = Arbitraries.oneOf(Arbitraries.just(""), list(name(), 3).map(c -> " (" + c + ")"));
        return Combinators.combine(head, qualified(), columns, select()).as((h, n, c, q) -> h + n + c + " as " + q);
    }

    private static Arbitrary<String> drop() {
        return Combinators.combine(Arbitraries.of("table", "view", "index"), Arbitraries.of("", " if exists"),
                qualified(), Arbitraries.of("", " cascade", " restrict"))
                .as((o, ie, n, b) -> "drop " + o + ie + " " + n + b);
    }

    // ---- the rest

    private static Arbitrary<String> show() {
        return Arbitraries.oneOf(
                Arbitraries.of("show tables", "show views", "show indexes"),
                qualified().map(s -> "show tables from " + s),
                qualified().map(s -> "show views from " + s),
                qualified().map(s -> "show indexes on " + s),
                qualified().map(s -> "show indexes from " + s),
                qualified().map(s -> "show columns from " + s),
                Combinators.combine(Arbitraries.of("table", "view", "index"), qualified())
                        .as((o, n) -> "show create " + o + " " + n));
    }

    private static Arbitrary<String> transaction() {
        return Arbitraries.of("begin", "begin work", "begin transaction", "start transaction", "commit", "commit work",
                "commit transaction", "rollback", "rollback work", "rollback transaction");
    }

    private static Arbitrary<String> select() {
        Arbitrary<String> item = Combinators.combine(smallExpression(), Arbitraries.oneOf(Arbitraries.just(""),
                name().map(n -> " as " + n))).as((e, a) -> e + a);
        Arbitrary<String> from = Combinators.combine(qualified(), Arbitraries.oneOf(Arbitraries.just(""),
                name().map(n -> " as " + n), name().map(n -> " " + n))).as((t, a) -> " from " + t + a);
        Arbitrary<String> where = Arbitraries.oneOf(Arbitraries.just(""), smallExpression().map(e -> " where " + e));
        Arbitrary<String> tail = Arbitraries.of("", " order by 1", " order by 1 desc limit 10", " limit 3 offset 2");
        return Combinators.combine(list(item, 3), from, where, tail).as((i, f, w, t) -> "select " + i + f + w + t);
    }

    private static Arbitrary<String> query() {
        Arbitrary<String> asOf = Arbitraries.oneOf(Arbitraries.just(""), smallExpression().map(e -> " as of " + e));
        return Combinators.combine(select(), asOf).as((q, a) -> q + a);
    }

    private static Arbitrary<String> explain() {
        return Combinators.combine(Arbitraries.of("explain ", "explain plan for "),
                Arbitraries.oneOf(query(), createIndex(), createView(), dml())).as((e, s) -> e + s);
    }

    private static Arbitrary<String> dml() {
        Arbitrary<String> insert = Combinators.combine(qualified(), list(name(), 3),
                list(list(smallExpression(), 3).map(r -> "(" + r + ")"), 3))
                .as((t, c, v) -> "insert into " + t + " (" + c + ") values " + v);
        Arbitrary<String> insertSelect = Combinators.combine(qualified(), select()).as((t, q) -> "insert into " + t + " " + q);
        Arbitrary<String> update = Combinators.combine(qualified(), name(), smallExpression(), smallExpression())
                .as((t, c, v, w) -> "update " + t + " set " + c + " = " + v + " where " + w);
        Arbitrary<String> delete = Combinators.combine(qualified(), smallExpression())
                .as((t, w) -> "delete from " + t + " where " + w);
        return Arbitraries.oneOf(insert, insertSelect, update, delete);
    }

    /** The words generated names may take; listed so that a reader sees what is covered. */
    static final List<String> KEYWORD_NAMES = List.of("index", "if", "file", "show", "tables", "text", "key",
            "cascade", "work", "plan");
}
