/**
 * Spindle's DDL statements as parse trees: {@code CREATE TABLE} (with
 * {@link dev.spindle.sql.parser.ddl.SqlColumnDeclaration} and
 * {@link dev.spindle.sql.parser.ddl.SqlTableConstraint}), {@code CREATE VIEW},
 * {@code CREATE INDEX}, and {@code DROP TABLE | VIEW | INDEX}
 * ({@link dev.spindle.sql.parser.ddl.SqlDropObject}). Each node is a Calcite {@code SqlCreate} or
 * {@code SqlDrop} whose operands carry its whole state and whose {@code unparse} writes SQL the
 * parser reads back into an equal tree.
 *
 * <p>These are syntax only: nothing here knows a catalog or checks a name. Uses Calcite's
 * {@code sql} packages and {@code dev.spindle.sql.parser.tree}; must not use the parser
 * ({@code impl}), the facade, the other statement packages, nor any Spindle module.
 */
package dev.spindle.sql.parser.ddl;
