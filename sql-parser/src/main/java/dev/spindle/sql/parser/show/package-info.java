/**
 * {@code SHOW} statements as parse trees, spelled as Materialize spells them: {@code SHOW TABLES},
 * {@code SHOW VIEWS}, {@code SHOW INDEXES}, {@code SHOW COLUMNS FROM obj} and
 * {@code SHOW CREATE TABLE | VIEW | INDEX obj} (the sealed family
 * {@link dev.spindle.sql.parser.show.SqlShow}).
 *
 * <p>Syntax only. Uses Calcite's {@code sql} packages and {@code dev.spindle.sql.parser.tree};
 * must not use the parser ({@code impl}), the facade, the other statement packages, nor any
 * Spindle module.
 */
package dev.spindle.sql.parser.show;
