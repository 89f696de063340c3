/**
 * SQL column types and relation shapes: {@link dev.spindle.common.type.TypeKind},
 * {@link dev.spindle.common.type.ColumnType}, {@link dev.spindle.common.type.Column},
 * {@link dev.spindle.common.type.RelationDesc}.
 *
 * <p>Plain immutable values. This package knows nothing of encodings, storage or Calcite; the
 * planner maps Calcite's types onto these.
 */
package dev.spindle.common.type;
