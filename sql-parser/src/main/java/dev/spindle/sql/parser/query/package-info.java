/**
 * What Spindle adds around a query: {@link dev.spindle.sql.parser.query.SqlQueryAsOf} ({@code query
 * AS OF timestamp}) and {@link dev.spindle.sql.parser.query.SqlShortExplain} ({@code EXPLAIN
 * statement} without {@code PLAN FOR}). Queries themselves and {@code INSERT}, {@code UPDATE},
 * {@code DELETE} are Calcite's own nodes.
 *
 * <p>Syntax only. Uses Calcite's {@code sql} packages and {@code dev.spindle.sql.parser.tree};
 * must not use the parser ({@code impl}), the facade, the other statement packages, nor any
 * Spindle module.
 */
package dev.spindle.sql.parser.query;
