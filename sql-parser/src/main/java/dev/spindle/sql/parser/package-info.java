/**
 * Spindle's SQL parser: the facade {@link dev.spindle.sql.parser.SpindleParser} (text to Calcite
 * parse trees, with PostgreSQL's reading of names and every failure a
 * {@code SpindleException}), and its helpers: the limits on statement length and nesting, the
 * mapping of parser failures to error codes, positions in the text.
 *
 * <p>Its sub-packages hold the generated grammar ({@code impl}) and the parse-tree nodes of
 * Spindle's statements ({@code ddl}, {@code txn}, {@code query}, {@code show}, sharing
 * {@code tree}). Package order, each using only those before it: {@code tree}; {@code ddl},
 * {@code txn}, {@code query}, {@code show}; {@code impl}; this package. Nothing here resolves a
 * name or knows a catalog: that is the coordinator's work (sql-frontend). Uses Calcite's
 * {@code sql} packages and {@code dev.spindle.common.error}; must not use any other Spindle
 * module.
 */
package dev.spindle.sql.parser;
