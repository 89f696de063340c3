package dev.spindle.planner.calcite;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.type.RelationDesc;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.impl.AbstractTable;

/**
 * A table or view of the catalog as Calcite's validator sees it: a name with a row type. Calcite
 * never reads it; the lowering turns a scan of it into {@code Get(id)}.
 *
 * <p>Thread-safety: immutable; its row type is computed once per type factory and published through a
 * volatile field (a race computes the same interned type twice).
 */
public final class RelationTable extends AbstractTable {
    private final GlobalId id;
    private final RelationDesc desc;
    private volatile RowType rowType;

    /** A row type and the factory it was made with (Calcite interns types per factory). */
    private record RowType(RelDataTypeFactory factory, RelDataType type) {
    }

    public RelationTable(GlobalId id, RelationDesc desc) {
        this.id = id;
        this.desc = desc;
    }

    /** The collection's id. */
    public GlobalId id() {
        return id;
    }

    /** The collection's columns. */
    public RelationDesc desc() {
        return desc;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        RowType known = rowType;
        if (known == null || known.factory() != typeFactory) {
            known = new RowType(typeFactory, Types.toCalcite(typeFactory, desc));
            rowType = known;
        }
        return known.type();
    }
}
