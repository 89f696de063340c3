/**
 * SQL column types and relation shapes: {@link dev.spindle.common.type.TypeKind},
 * {@link dev.spindle.common.type.ColumnType}, {@link dev.spindle.common.type.Column},
 * {@link dev.spindle.common.type.RelationDesc}.
 *
 * <p>Plain immutable values; the planner maps Calcite's types onto these. Depends on nothing but
 * the JDK; must not use any other Spindle package (encodings live in {@code common.row}) nor
 * Calcite.
 */
package dev.spindle.common.type;
