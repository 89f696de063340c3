package dev.spindle.sql.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.row.Row;
import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.sql.Database;
import dev.spindle.sql.coord.Coordinator;
import dev.spindle.sql.parser.SpindleParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.junit.jupiter.api.Test;

/**
 * {@link LiteralRows} against the planner: a one-row VALUES of random literals (integers at the
 * edges of int and long and beyond, decimals with their scales, approximate numbers, signs,
 * strings with spaces and quotes, NULL, booleans) gives the very values, of the very classes,
 * that planning and evaluating it gives (what an INSERT took before); anything that is not such a
 * row is left to the planner.
 */
class LiteralRowsProperties {
    private static Database db;
    private static Queries queries;

    @BeforeContainer
    static void open() {
        db = Database.open(RuntimeMode.SPLIT, 1);
        queries = new Queries(db.coordinator(), new StatementControl());
    }

    @AfterContainer
    static void close() {
        db.close();
    }

    private static final String[] NUMBERS = {
        "0", "1", "7", "42", "2147483647", "2147483648", "9223372036854775807", "9223372036854775808",
        "99999999999999999999", "2.50", "0.0", ".5", "1.", "3.14159", "123456789012345678901234567.125",
        "1e5", "1.5E-3", "0e0", "2.5e10", "00012", "0.000"};
    private static final String[] OTHERS = {
        "'abc'", "''", "'a '", "' x''y '", "'é ü'", "'table t1 row 7'", "NULL", "TRUE", "FALSE"};

    private static String literal(Random r) {
        if (r.nextInt(3) == 0) {
            return OTHERS[r.nextInt(OTHERS.length)];
        }
        String n = NUMBERS[r.nextInt(NUMBERS.length)];
        return switch (r.nextInt(5)) {
            case 0 -> "-" + n;
            case 1 -> "- " + n;
            case 2 -> "+" + n;
            case 3 -> "- -" + n;
            default -> n;
        };
    }

    /** The planned row of {@code values}, as an INSERT read it before (or the error). */
    private static Object planned(String values) {
        Coordinator coord = db.coordinator();
        try {
            return queries.read(queries.planner(coord.catalog()).planQuery(SpindleParser.parse(values), values),
                    coord.oracle().readTimestamp(), false);
        } catch (SpindleException e) {
            return e.sqlState();
        }
    }

    /** Each value with its class, so 1 (a Long) and 1.0 (a BigDecimal) differ, and 2.5 and 2.50 too. */
    private static List<String> typed(List<Row> rows) {
        List<String> out = new ArrayList<>();
        for (Row row : rows) {
            for (int i = 0; i < row.arity(); i++) {
                Object v = row.get(i);
                out.add(v == null ? "null" : v.getClass().getSimpleName() + ":" + v);
            }
        }
        return out;
    }

    @Property(tries = 400)
    void aRowOfLiteralsIsTheRowThePlannerGives(@ForAll long seed) {
        Random r = new Random(seed);
        List<String> items = new ArrayList<>();
        int n = 1 + r.nextInt(4);
        for (int i = 0; i < n; i++) {
            items.add(literal(r));
        }
        String values = "VALUES (" + String.join(", ", items) + ")";
        List<Row> direct = LiteralRows.of(SpindleParser.parse(values));
        assertNotNull(direct, values);
        Object planned = planned(values);
        assertEquals(planned instanceof List ? typed(castRows(planned)) : planned, typed(direct), values);
    }

    @SuppressWarnings("unchecked")
    private static List<Row> castRows(Object o) {
        return (List<Row>) o;
    }

    @Test
    void anythingButOneRowOfPlainLiteralsIsLeftToThePlanner() {
        for (String values : List.of(
                "VALUES (1 + 2)", "VALUES (CAST(1 AS INT))", "VALUES (DATE '2020-01-01')",
                "VALUES (1, 'a' || 'b')", "VALUES (1), (2)", "VALUES (-'5')",
                "VALUES (N'abc')", "VALUES (abs(-1))", "SELECT 1")) {
            assertNull(LiteralRows.of(SpindleParser.parse(values)), values);
        }
    }
}
