package dev.spindle.sqllogictest.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The SQLite emulations of this package against SQLite itself (xerial's driver, in memory):
 * {@code printf('%.3f', x)} is the format of {@code R} columns, {@code CAST(x AS TEXT)} is what
 * {@code sqlite3_column_text} gives for a REAL, and reading text with {@code getLong} /
 * {@code getDouble} is {@code sqlite3_column_int64} / {@code sqlite3_column_double}.
 */
class SqliteOracleProperties {

    private static Connection sqlite;

    @BeforeContainer
    static void open() throws SQLException {
        sqlite = DriverManager.getConnection("jdbc:sqlite::memory:");
    }

    @AfterContainer
    static void close() throws SQLException {
        sqlite.close();
    }

    @Property(tries = 2000)
    void fixed3MatchesSqlitePrintf(@ForAll("fixedReals") double value) throws SQLException {
        assertEquals(sqliteString("SELECT printf('%.3f', ?)", value), SqliteNumberFormat.fixed3(value),
                () -> "value " + value);
    }

    @Property(tries = 2000)
    void generic15MatchesSqliteRealToText(@ForAll("genericReals") double value) throws SQLException {
        assertEquals(sqliteString("SELECT CAST(? AS TEXT)", value), SqliteNumberFormat.generic15(value),
                () -> "value " + value);
    }

    @Property(tries = 1000)
    void leadingIntegerMatchesSqliteColumnInt64(@ForAll("numericText") String text) throws SQLException {
        try (PreparedStatement p = sqlite.prepareStatement("SELECT ?")) {
            p.setString(1, text);
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                assertEquals(rs.getLong(1), SqliteTextNumbers.leadingInteger(text), () -> "text '" + text + "'");
            }
        }
    }

    @Property(tries = 1000)
    void leadingRealMatchesSqliteColumnDouble(@ForAll("numericText") String text) throws SQLException {
        try (PreparedStatement p = sqlite.prepareStatement("SELECT ?")) {
            p.setString(1, text);
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                assertEquals(rs.getDouble(1), SqliteTextNumbers.leadingReal(text), () -> "text '" + text + "'");
            }
        }
    }

    /**
     * Reals as {@code R} columns see them: below 1e15 in magnitude, with short decimals (k/1000,
     * k/10000) that sit near rounding ties. (Above about 1e90 SQLite's own conversion is
     * approximate; see {@link SqliteNumberFormat}.)
     */
    @Provide
    Arbitrary<Double> fixedReals() {
        return Arbitraries.oneOf(
                Arbitraries.doubles().between(-1e15, 1e15),
                Arbitraries.doubles().between(-1e6, 1e6),
                Arbitraries.doubles().between(-1, 1),
                Arbitraries.integers().between(-2_000_000, 2_000_000).map(k -> k / 1000.0),
                Arbitraries.integers().between(-2_000_000, 2_000_000).map(k -> k / 10000.0),
                Arbitraries.longs().between(-999_999_999_999_999L, 999_999_999_999_999L).map(k -> (double) k),
                Arbitraries.of(0.0, -0.0, 1e-4, 0.0005, 0.0115, 2.4995, 0.5, 1.5, 2.5,
                        Double.MIN_VALUE, 9.999999999999998e14));
    }

    /** Reals between 1e-50 and 1e90 in magnitude, where SQLite's real-to-text conversion is exact. */
    @Provide
    Arbitrary<Double> genericReals() {
        Arbitrary<Double> mantissa = Arbitraries.doubles().between(1, 10);
        Arbitrary<Integer> exponent = Arbitraries.integers().between(-50, 89);
        Arbitrary<Double> anyMagnitude = Combinators.combine(mantissa, exponent, Arbitraries.of(1, -1))
                .as((m, e, sign) -> sign * m * Math.pow(10, e));
        return Arbitraries.oneOf(anyMagnitude, fixedReals());
    }

    /** Text shaped like numbers, with junk, signs, spaces, exponents and overflow. */
    @Provide
    Arbitrary<String> numericText() {
        Arbitrary<String> digits = Arbitraries.strings().withCharRange('0', '9').ofMaxLength(22);
        Arbitrary<String> sign = Arbitraries.of("", "-", "+");
        Arbitrary<String> space = Arbitraries.of("", " ", "\t", "  ", "\n");
        Arbitrary<String> fraction = Arbitraries.oneOf(Arbitraries.just(""), digits.map(d -> "." + d));
        Arbitrary<String> exponent = Arbitraries.oneOf(Arbitraries.just(""),
                Arbitraries.integers().between(-30, 30).map(e -> "e" + e), Arbitraries.just("e"),
                Arbitraries.just("E+"));
        Arbitrary<String> junk = Arbitraries.of("", "x", "abc", " 5", ".", "-");
        return Combinators.combine(space, sign, digits, fraction, exponent, junk)
                .as((a, b, c, d, e, f) -> a + b + c + d + e + f);
    }

    private static String sqliteString(String sql, double value) throws SQLException {
        try (PreparedStatement p = sqlite.prepareStatement(sql)) {
            p.setDouble(1, value);
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }
}
