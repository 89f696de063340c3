package dev.spindle.sql.parser.show;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A {@code SHOW} statement (kind {@link org.apache.calcite.sql.SqlKind#OTHER}), spelled as
 * Materialize spells it: {@link SqlShowTables}, {@link SqlShowViews}, {@link SqlShowIndexes},
 * {@link SqlShowColumns}, {@link SqlShowCreate}.
 *
 * <p>Immutable once built; a parse tree belongs to one thread.
 */
public abstract sealed class SqlShow extends SqlCall
        permits SqlShowTables, SqlShowViews, SqlShowIndexes, SqlShowColumns, SqlShowCreate {

    SqlShow(SqlParserPos pos) {
        super(pos);
    }

    /** Writes {@code keyword name} when {@code name} is not null. */
    static void unparseOptional(SqlWriter writer, String keyword, @Nullable SqlIdentifier name) {
        if (name != null) {
            writer.keyword(keyword);
            name.unparse(writer, 0, 0);
        }
    }
}
