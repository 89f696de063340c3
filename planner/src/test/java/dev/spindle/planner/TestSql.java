package dev.spindle.planner;

import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.validate.SqlConformanceEnum;

/** Queries parsed for the planner's tests by Calcite's own parser, as the planner's tests need them. */
public final class TestSql {
    private TestSql() {
    }

    /** {@code sql} parsed with unquoted names lower-cased and lenient conformance (as Spindle's parser does). */
    public static SqlNode lenient(String sql) {
        try {
            return SqlParser.create(sql, SqlParser.config().withUnquotedCasing(Casing.TO_LOWER)
                    .withConformance(SqlConformanceEnum.LENIENT)).parseQuery();
        } catch (SqlParseException e) {
            throw new IllegalArgumentException(sql, e);
        }
    }
}
