package dev.spindle.compute.testing;

import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;

/** Relation shapes shared by compute tests. */
public final class Schemas {
    private Schemas() {
    }

    /** {@code (k BIGINT NOT NULL, v BIGINT NOT NULL)}. */
    public static final RelationDesc KV = RelationDesc.of(
            new Column("k", ColumnType.of(TypeKind.BIGINT).withNullable(false)),
            new Column("v", ColumnType.of(TypeKind.BIGINT).withNullable(false)));
}
