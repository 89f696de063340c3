package dev.spindle.planner.calcite;

import dev.spindle.common.type.ColumnType;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Calcite's type derivation bent to what compute computes (PostgreSQL's rules, DESIGN §6):
 * {@code SUM} of integers is a BIGINT, of decimals an unconstrained DECIMAL; {@code AVG} of exact
 * numbers is a DECIMAL; decimals may have up to {@link ColumnType#MAX_DECIMAL_PRECISION} digits;
 * CASE branches of different string lengths become VARCHAR.
 *
 * <p>Thread-safety: stateless.
 */
public final class SpindleTypeSystem extends RelDataTypeSystemImpl {
    /** The one instance. */
    public static final SpindleTypeSystem INSTANCE = new SpindleTypeSystem();

    /** Precision and scale Calcite gives an unconstrained DECIMAL (PostgreSQL's numeric). */
    static final int NUMERIC_PRECISION = ColumnType.MAX_DECIMAL_PRECISION;
    static final int NUMERIC_SCALE = 500;

    private SpindleTypeSystem() {
    }

    @Override
    public int getMaxNumericPrecision() {
        return NUMERIC_PRECISION;
    }

    @Override
    public int getMaxNumericScale() {
        return NUMERIC_PRECISION;
    }

    @Override
    public int getMaxPrecision(SqlTypeName typeName) {
        return typeName == SqlTypeName.DECIMAL ? NUMERIC_PRECISION : super.getMaxPrecision(typeName);
    }

    @Override
    public int getMaxScale(SqlTypeName typeName) {
        return typeName == SqlTypeName.DECIMAL ? NUMERIC_PRECISION : super.getMaxScale(typeName);
    }

    @Override
    public boolean shouldConvertRaggedUnionTypesToVarying() {
        return true;
    }

    @Override
    public RelDataType deriveSumType(RelDataTypeFactory factory, RelDataType argumentType) {
        SqlTypeName t = argumentType.getSqlTypeName();
        RelDataType out;
        switch (t) {
            case TINYINT:
            case SMALLINT:
            case INTEGER:
                out = factory.createSqlType(SqlTypeName.BIGINT);
                break;
            case BIGINT: // PostgreSQL: sum(bigint) is numeric, so it cannot overflow
            case DECIMAL:
                out = numeric(factory);
                break;
            case REAL: // PostgreSQL: sum(real) is real (compute sums it as a float)
                out = factory.createSqlType(SqlTypeName.REAL);
                break;
            case FLOAT:
            case DOUBLE:
                out = factory.createSqlType(SqlTypeName.DOUBLE);
                break;
            default:
                return super.deriveSumType(factory, argumentType);
        }
        return factory.createTypeWithNullability(out, argumentType.isNullable());
    }

    @Override
    public RelDataType deriveAvgAggType(RelDataTypeFactory factory, RelDataType argumentType) {
        RelDataType out = SqlTypeName.APPROX_TYPES.contains(argumentType.getSqlTypeName())
                ? factory.createSqlType(SqlTypeName.DOUBLE) : numeric(factory);
        return factory.createTypeWithNullability(out, argumentType.isNullable());
    }

    /** An unconstrained DECIMAL. */
    static RelDataType numeric(RelDataTypeFactory factory) {
        return factory.createSqlType(SqlTypeName.DECIMAL, NUMERIC_PRECISION, NUMERIC_SCALE);
    }
}
