package dev.spindle.sql.exec;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.TypeKind;
import java.util.Locale;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlTypeNameSpec;

/**
 * The column types of DESIGN §6 from a declaration's type: BOOLEAN, SMALLINT, INTEGER/INT,
 * BIGINT, REAL, DOUBLE/FLOAT, DECIMAL/NUMERIC(p, s), CHAR(n), VARCHAR(n), TEXT, DATE, TIME,
 * TIMESTAMP.
 *
 * <p>Thread-safety: stateless.
 */
final class ColumnTypes {
    private ColumnTypes() {
    }

    static ColumnType of(SqlDataTypeSpec spec) {
        SqlTypeNameSpec name = spec.getTypeNameSpec();
        String n = name.getTypeName().getSimple().toUpperCase(Locale.ROOT);
        int precision = name instanceof SqlBasicTypeNameSpec ? ((SqlBasicTypeNameSpec) name).getPrecision() : -1;
        int scale = name instanceof SqlBasicTypeNameSpec ? ((SqlBasicTypeNameSpec) name).getScale() : -1;
        switch (n) {
            case "BOOLEAN":
                return ColumnType.of(TypeKind.BOOLEAN);
            case "SMALLINT":
            case "TINYINT":
                return ColumnType.of(TypeKind.SMALLINT);
            case "INTEGER":
            case "INT":
                return ColumnType.of(TypeKind.INTEGER);
            case "BIGINT":
                return ColumnType.of(TypeKind.BIGINT);
            case "REAL":
                return ColumnType.of(TypeKind.REAL);
            case "DOUBLE":
            case "FLOAT":
                return ColumnType.of(TypeKind.DOUBLE);
            case "DECIMAL":
            case "NUMERIC":
                return precision < 0 ? ColumnType.of(TypeKind.DECIMAL) : ColumnType.decimal(precision, Math.max(0, scale));
            case "CHAR":
            case "CHARACTER":
                return ColumnType.fixedChar(precision < 0 ? 1 : precision);
            case "VARCHAR":
                return precision < 0 ? ColumnType.of(TypeKind.TEXT) : ColumnType.varchar(precision);
            case "TEXT":
                return ColumnType.of(TypeKind.TEXT);
            case "DATE":
                return ColumnType.of(TypeKind.DATE);
            case "TIME":
                return ColumnType.of(TypeKind.TIME);
            case "TIMESTAMP":
                return ColumnType.of(TypeKind.TIMESTAMP);
            default:
                throw SpindleException.atPosition(spec.getParserPosition().getColumnNum(), ErrorCode.FEATURE_NOT_SUPPORTED_1,
                        "type " + n);
        }
    }
}
