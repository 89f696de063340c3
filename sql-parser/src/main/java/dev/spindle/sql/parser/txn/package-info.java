/**
 * Transaction statements as parse trees: {@code BEGIN} / {@code START TRANSACTION},
 * {@code COMMIT}, {@code ROLLBACK} (the sealed family
 * {@link dev.spindle.sql.parser.txn.SqlTransactionStatement}).
 *
 * <p>Syntax only. Uses Calcite's {@code sql} packages and {@code dev.spindle.sql.parser.tree};
 * must not use the parser ({@code impl}), the facade, the other statement packages, nor any
 * Spindle module.
 */
package dev.spindle.sql.parser.txn;
