package dev.spindle.planner.calcite;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Spindle's column types to Calcite's and back. An unconstrained DECIMAL is Calcite's DECIMAL at
 * {@link SpindleTypeSystem}'s full precision; TEXT is an unbounded VARCHAR.
 *
 * <p>Thread-safety: stateless.
 */
public final class Types {
    private Types() {
    }

    /** The Calcite type of {@code t}. */
    public static RelDataType toCalcite(RelDataTypeFactory f, ColumnType t) {
        RelDataType out;
        switch (t.kind()) {
            case BOOLEAN:
                out = f.createSqlType(SqlTypeName.BOOLEAN);
                break;
            case SMALLINT:
                out = f.createSqlType(SqlTypeName.SMALLINT);
                break;
            case INTEGER:
                out = f.createSqlType(SqlTypeName.INTEGER);
                break;
            case BIGINT:
                out = f.createSqlType(SqlTypeName.BIGINT);
                break;
            case REAL:
                out = f.createSqlType(SqlTypeName.REAL);
                break;
            case DOUBLE:
                out = f.createSqlType(SqlTypeName.DOUBLE);
                break;
            case DECIMAL:
                out = t.precision() == ColumnType.UNSPECIFIED ? SpindleTypeSystem.numeric(f)
                        : f.createSqlType(SqlTypeName.DECIMAL, t.precision(), Math.max(0, t.scale()));
                break;
            case CHAR:
                out = f.createSqlType(SqlTypeName.CHAR, t.length() == ColumnType.UNSPECIFIED ? 1 : t.length());
                break;
            case VARCHAR:
                out = t.length() == ColumnType.UNSPECIFIED ? f.createSqlType(SqlTypeName.VARCHAR)
                        : f.createSqlType(SqlTypeName.VARCHAR, t.length());
                break;
            case TEXT:
                out = f.createSqlType(SqlTypeName.VARCHAR);
                break;
            case DATE:
                out = f.createSqlType(SqlTypeName.DATE);
                break;
            case TIME:
                out = f.createSqlType(SqlTypeName.TIME, 6);
                break;
            case TIMESTAMP:
                out = f.createSqlType(SqlTypeName.TIMESTAMP, 6);
                break;
            default:
                throw new IllegalArgumentException("no Calcite type for " + t);
        }
        return f.createTypeWithNullability(out, t.nullable());
    }

    /** The row type of {@code desc}. */
    public static RelDataType toCalcite(RelDataTypeFactory f, RelationDesc desc) {
        RelDataTypeFactory.Builder b = f.builder();
        for (int i = 0; i < desc.arity(); i++) {
            Column c = desc.column(i);
            b.add(c.name(), toCalcite(f, c.type()));
        }
        return b.build();
    }

    /**
     * Spindle's type for Calcite's {@code t}.
     *
     * @throws SpindleException {@link ErrorCode#FEATURE_NOT_SUPPORTED_1} for types Spindle lacks
     */
    public static ColumnType fromCalcite(RelDataType t) {
        ColumnType out;
        switch (t.getSqlTypeName()) {
            case BOOLEAN:
                out = ColumnType.of(TypeKind.BOOLEAN);
                break;
            case TINYINT:
            case SMALLINT:
                out = ColumnType.of(TypeKind.SMALLINT);
                break;
            case INTEGER:
                out = ColumnType.of(TypeKind.INTEGER);
                break;
            case BIGINT:
                out = ColumnType.of(TypeKind.BIGINT);
                break;
            case REAL:
                out = ColumnType.of(TypeKind.REAL);
                break;
            case FLOAT:
            case DOUBLE:
                out = ColumnType.of(TypeKind.DOUBLE);
                break;
            case DECIMAL:
                out = t.getPrecision() >= SpindleTypeSystem.NUMERIC_PRECISION ? ColumnType.of(TypeKind.DECIMAL)
                        : ColumnType.decimal(t.getPrecision(), t.getScale());
                break;
            case CHAR:
                // Calcite types the literal '' as CHAR(0), a type neither Spindle nor PostgreSQL has
                // (PostgreSQL's '' is text): a CHAR without length is TEXT
                out = t.getPrecision() < 1 ? ColumnType.of(TypeKind.TEXT) : ColumnType.fixedChar(t.getPrecision());
                break;
            case VARCHAR:
                // VARCHAR(0) (substring('' from 2)) is TEXT, as CHAR(0) is
                out = t.getPrecision() < 1 || t.getPrecision() >= ColumnType.MAX_LENGTH
                        ? ColumnType.of(TypeKind.TEXT) : ColumnType.varchar(t.getPrecision());
                break;
            case DATE:
                out = ColumnType.of(TypeKind.DATE);
                break;
            case TIME:
                out = ColumnType.of(TypeKind.TIME);
                break;
            case TIMESTAMP:
                out = ColumnType.of(TypeKind.TIMESTAMP);
                break;
            case NULL:
                out = ColumnType.of(TypeKind.TEXT);
                break;
            default:
                throw new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1, "type " + t.getFullTypeString());
        }
        return out.withNullable(t.isNullable());
    }

    /** The columns of Calcite row type {@code t}. */
    public static RelationDesc fromCalcite(RelDataType rowType, boolean keepNames) {
        List<Column> cols = new ArrayList<>();
        for (RelDataTypeField f : rowType.getFieldList()) {
            cols.add(new Column(keepNames ? f.getName() : "c" + f.getIndex(), fromCalcite(f.getType())));
        }
        return new RelationDesc(cols);
    }
}
