package dev.spindle.sql.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.sql.Database;
import dev.spindle.sql.Session;
import dev.spindle.sql.StatementResult;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Queries planned from their text alone ({@code planner.shape.ShapeText}: a text that differs
 * from an earlier one's only in lifted numbers and in the tables it names binds the earlier one's
 * shape without being parsed) answer as queries planned afresh: the oracle is the same query in
 * an open transaction, which plans every query through Calcite as written (no shapes, no texts).
 */
class QueryTextProperties {
    private static Database db;
    private static Session auto;
    private static Session fresh;

    @BeforeContainer
    static void open() {
        db = Database.open(RuntimeMode.SPLIT, 1);
        auto = db.session();
        String columns = "(pk INTEGER PRIMARY KEY, col0 INTEGER, col1 DECIMAL(8,2), col2 TEXT, col3 BIGINT)";
        auto.execute("CREATE TABLE tab0 " + columns);
        auto.execute("CREATE TABLE tab1 " + columns);
        auto.execute("CREATE TABLE tab2 (pk INTEGER PRIMARY KEY, col0 DECIMAL(8,2), col1 DECIMAL(8,2), col2 TEXT, col3 BIGINT)");
        auto.execute("CREATE INDEX i0 ON tab0 (col0)");
        auto.execute("CREATE INDEX i1 ON tab1 (col1)");
        java.util.Random rnd = new java.util.Random(7);
        for (String t : List.of("tab0", "tab1", "tab2")) {
            StringBuilder sb = new StringBuilder("INSERT INTO " + t + " VALUES ");
            for (int pk = 0; pk < 40; pk++) {
                sb.append(pk == 0 ? "" : ", ").append('(').append(pk).append(", ")
                        .append(rnd.nextInt(10) == 0 ? "NULL" : String.valueOf(rnd.nextInt(50) - 10)).append(", ")
                        .append(rnd.nextInt(5000) / 100.0).append(", '").append((char) ('a' + rnd.nextInt(5))).append("', ")
                        .append(rnd.nextLong() % 3_000_000_000L).append(')');
            }
            auto.execute(sb.toString());
        }
        fresh = db.session();
        fresh.begin(); // in a transaction every query is planned as written
    }

    @AfterContainer
    static void close() {
        db.close();
    }

    /** A question of the corpus's kinds over a table, with numbers of several types. */
    @Provide
    Arbitrary<String> queries() {
        Arbitrary<String> table = Arbitraries.of("tab0", "tab1", "tab2");
        Arbitrary<String> number = Arbitraries.oneOf(
                Arbitraries.integers().between(-20, 60).map(String::valueOf),
                Arbitraries.integers().between(0, 6000).map(i -> i / 100 + "." + String.format("%02d", i % 100)),
                Arbitraries.integers().between(0, 60).map(i -> i + ".5"),
                Arbitraries.of("3000000000", "2147483648", "0", "1"));
        Arbitrary<String> column = Arbitraries.of("col0", "col1", "col3", "pk");
        Arbitrary<String> op = Arbitraries.of("<", "<=", ">", ">=", "=", "<>");
        Arbitrary<String> condition = Combinators.combine(column, op, number, number, Arbitraries.integers().between(0, 5))
                .as((c, o, a, b, form) -> switch (form) {
                    case 0 -> c + " " + o + " " + a;
                    case 1 -> c + " BETWEEN " + a + " AND " + b;
                    case 2 -> "(" + c + " " + o + " " + a + " OR " + c + " > " + b + ")";
                    case 3 -> c + " IN (" + a + ", " + b + ")";
                    case 4 -> "NOT (" + c + " " + o + " - " + a + ")";
                    default -> c + " + " + a + " " + o + " " + b;
                });
        return Combinators.combine(table, condition, Arbitraries.integers().between(0, 4), number)
                .as((t, cond, form, n) -> switch (form) {
                    case 0 -> "SELECT pk FROM " + t + " WHERE " + cond;
                    case 1 -> "SELECT pk, col0 * " + n + " FROM " + t + " WHERE " + cond + " ORDER BY 1";
                    case 2 -> "SELECT count(*), sum(col0) FROM " + t + " WHERE " + cond;
                    case 3 -> "SELECT " + t + ".pk FROM " + t + " WHERE " + t + "." + cond.replace("(col", "(" + t + ".col");
                    default -> "SELECT col2, count(*) FROM " + t + " WHERE " + cond + " GROUP BY col2 HAVING count(*) > " + n;
                });
    }

    @Property(tries = 400)
    void answersAsTheQueryPlannedAsWritten(@ForAll("queries") String sql) {
        assertEquals(outcome(fresh, sql), outcome(auto, sql), sql);
    }

    /** Rows as a sorted list (order aside), or the error's SQLSTATE. */
    private static Object outcome(Session s, String sql) {
        try {
            List<String> rows = new ArrayList<>();
            for (Row r : assertInstanceOf(StatementResult.Rows.class, s.execute(sql)).rows()) {
                rows.add(r.toString());
            }
            rows.sort(null);
            return rows;
        } catch (SpindleException e) {
            if (s.inTransaction()) { // the failure failed the oracle's transaction: a new one for the next query
                s.rollback();
                s.begin();
            }
            return e.code().sqlState();
        }
    }

    @Example
    void aTextOfAKnownShapeSkipsParsingOnlyWhenItsNumbersAndTablesFit() {
        long before = hits();
        auto.execute("SELECT pk FROM tab0 WHERE col0 > 5 AND col1 < 10.25 ORDER BY 1");
        check("SELECT pk FROM tab1 WHERE col0 > 7 AND col1 < 30.50 ORDER BY 1", before + 1); // other table, numbers
        check("SELECT pk FROM tab0 WHERE col0 > -3 AND col1 < 20.00 ORDER BY 1", before + 1); // "-" makes another text
        check("SELECT pk FROM tab1 WHERE col0 > - 8 AND col1 < 20.00 ORDER BY 1", before + 1); // ... and so do spaces
        check("SELECT pk FROM tab1 WHERE col0 > -8 AND col1 < 20.00 ORDER BY 1", before + 2); // a negative literal bound
        check("SELECT pk FROM tab2 WHERE col0 > 7 AND col1 < 30.50 ORDER BY 1", before + 2); // other columns' types
        check("SELECT pk FROM tab0 WHERE col0 > 7.5 AND col1 < 30.50 ORDER BY 1", before + 2); // another literal type
        check("SELECT pk FROM tab0 WHERE col0 > 7 AND col1 < 30.5 ORDER BY 1", before + 2); // DECIMAL(3,1) is not (4,2)
        check("SELECT pk FROM tab0 WHERE col0 > 7 AND col1 < 30.50 ORDER BY 1", before + 3);
        auto.execute("SELECT pk, col0 FROM tab0 WHERE col0 > 5 ORDER BY 2, 1");
        check("SELECT pk, col0 FROM tab0 WHERE col0 > 9 ORDER BY 1, 2", before + 3); // ORDER BY's ordinals are kept
        check("SELECT pk, col0 FROM tab1 WHERE col0 > 9 ORDER BY 2, 1", before + 4);
        auto.execute("SELECT pk FROM tab0 WHERE col0 = 4 OR col3 = 4");
        check("SELECT pk FROM tab0 WHERE col0 = 6 OR col3 = 6", before + 5); // equal numbers share a slot
        check("SELECT pk FROM tab0 WHERE col0 = 6 OR col3 = 8", before + 5); // ... so they must stay equal
        check("SELECT pk FROM tab0 WHERE col0 = 6 OR col3 = 8 -- 1", before + 5); // a comment is part of the text
        check("SELECT pk FROM tab1 AS tab0 WHERE col0 = 6 OR col3 = 6", before + 5); // an alias is no table slot
        auto.execute("SELECT pk FROM tab0 WHERE col0 IN (1, 2, 3) AND col1 > 4.50");
        check("SELECT pk FROM tab0 WHERE col0 IN (3, 2, 1) AND col1 > 5.50", before + 5); // IN lists are kept...
        check("SELECT pk FROM tab1 WHERE col0 IN (3, 2, 1) AND col1 > 6.50", before + 6); // ... each its own entry
        check("SELECT pk FROM tab1 WHERE col0 IN (1, 2, 3) AND col1 > 7.50", before + 7);
    }

    private static void check(String sql, long hitsAfter) {
        assertEquals(outcome(fresh, sql), outcome(auto, sql), sql);
        assertEquals(hitsAfter, hits(), sql);
    }

    private static long hits() {
        return db.coordinator().shapes().textHits();
    }
}
