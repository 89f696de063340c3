package dev.spindle.compute.introspection;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import java.util.List;

/**
 * The introspection relations (DESIGN.md §6, schema {@code spindle_introspection}): each is a
 * collection the {@link IntrospectionCollector} maintains as an update log, with a logging index
 * on its first column. Ids are system ids: the log is {@code s<n>}, its index {@code s<100 + n>}.
 */
public enum IntrospectionRelation {
    /** Per worker: records, batches and bytes each index owns (a re-export owns none). */
    ARRANGEMENT_SIZES(1, List.of(text("export_id"), bigint("worker_id"), bigint("records"), bigint("batches"),
            bigint("size_bytes"))),
    /** Summed over workers, computed by the logging dataflow from {@link #ARRANGEMENT_SIZES}. */
    ARRANGEMENT_SIZES_TOTAL(2, List.of(text("export_id"), bigint("records"), bigint("batches"), bigint("size_bytes"))),
    /** Errors each index holds at its latest time (a re-export shows its source's). */
    COMPUTE_ERROR_COUNTS(3, List.of(text("export_id"), bigint("count"))),
    /** Every publication point of every worker ordinal. */
    PUBLICATION_POINTS(4, List.of(text("id"), bigint("worker_id"), bool("backed"), nullableBigint("since"),
            nullableBigint("upper"), bigint("holds"))),
    /** Peeks not yet answered. */
    ACTIVE_PEEKS(5, List.of(text("id"), text("index_id"), bigint("time"))),
    /** Completed peeks by duration bucket (less than {@code bucket_ms} milliseconds). */
    PEEK_DURATIONS(6, List.of(bigint("bucket_ms"), bigint("count"))),
    /**
     * Live dataflows with their operator count (per worker; every worker builds the same), their
     * status ({@code running} or {@code failed}) and the error of a failed one.
     */
    DATAFLOWS(7, List.of(bigint("id"), text("name"), bigint("operators"), text("status"), nullableText("error")));

    private final int number;
    private final RelationDesc desc;

    IntrospectionRelation(int number, List<Column> columns) {
        this.number = number;
        this.desc = new RelationDesc(columns);
    }

    /** The relation's name in {@code spindle_introspection}. */
    public String relationName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The id of the relation's collection. */
    public GlobalId id() {
        return GlobalId.system(number);
    }

    /** The id of the relation's logging index. */
    public GlobalId indexId() {
        return GlobalId.system(100 + number);
    }

    /** The relation's columns. */
    public RelationDesc desc() {
        return desc;
    }

    private static Column text(String name) {
        return new Column(name, ColumnType.of(TypeKind.TEXT).withNullable(false));
    }

    private static Column bigint(String name) {
        return new Column(name, ColumnType.of(TypeKind.BIGINT).withNullable(false));
    }

    private static Column nullableText(String name) {
        return new Column(name, ColumnType.of(TypeKind.TEXT));
    }

    private static Column nullableBigint(String name) {
        return new Column(name, ColumnType.of(TypeKind.BIGINT));
    }

    private static Column bool(String name) {
        return new Column(name, ColumnType.of(TypeKind.BOOLEAN).withNullable(false));
    }
}
