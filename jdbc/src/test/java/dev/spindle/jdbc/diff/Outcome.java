package dev.spindle.jdbc.diff;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * What one engine made of one statement: rows (normalized to text, so engines may differ in
 * numeric types and scales), an update count, or an error's SQLSTATE and message. Numbers are
 * compared at six decimals (PostgreSQL's numeric division keeps 16 or more, H2 fewer).
 */
record Outcome(List<String> rows, long count, String error) {
    static Outcome run(Statement st, String sql) {
        try {
            if (!st.execute(sql)) {
                return new Outcome(null, st.getUpdateCount(), null);
            }
            List<String> rows = new ArrayList<>();
            try (ResultSet rs = st.getResultSet()) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    StringBuilder sb = new StringBuilder();
                    for (int i = 1; i <= n; i++) {
                        sb.append(i == 1 ? "" : " | ").append(normalize(rs.getObject(i)));
                    }
                    rows.add(sb.toString());
                }
            }
            return new Outcome(rows, -1, null);
        } catch (SQLException e) {
            return new Outcome(null, -1, e.getSQLState() + ": " + e.getMessage());
        } catch (RuntimeException e) {
            return new Outcome(null, -1, "exception: " + e);
        }
    }

    static String normalize(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof Boolean) {
            return (Boolean) v ? "t" : "f";
        }
        if (v instanceof Number) {
            BigDecimal d = new BigDecimal(v.toString()).setScale(6, RoundingMode.HALF_EVEN).stripTrailingZeros();
            return d.signum() == 0 ? "0" : d.toPlainString();
        }
        return "'" + v + "'";
    }

    boolean failed() {
        return error != null;
    }

    /** Equal results: the same rows (in order if {@code ordered}, else as bags), or the same count. */
    boolean agrees(Outcome o, boolean ordered) {
        if (failed() || o.failed()) {
            return failed() && o.failed();
        }
        if (rows == null || o.rows == null) {
            return rows == null && o.rows == null && count == o.count;
        }
        if (ordered) {
            return rows.equals(o.rows);
        }
        List<String> a = new ArrayList<>(rows);
        List<String> b = new ArrayList<>(o.rows);
        a.sort(null);
        b.sort(null);
        return a.equals(b);
    }

    @Override
    public String toString() {
        return failed() ? "error " + error : rows == null ? "count " + count : rows.toString();
    }
}
