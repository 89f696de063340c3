/**
 * Running what the user gave, through JDBC only (and, on Spindle, the driver's
 * {@code SessionState} extension for the transaction state): {@link dev.spindle.cli.exec.Executor} runs one
 * statement (cancellable from another thread) and reads its results,
 * {@link dev.spindle.cli.exec.Runner} runs statements and meta-commands and prints what they
 * produce, {@link dev.spindle.cli.exec.MetaCommands} are the backslash commands,
 * {@link dev.spindle.cli.exec.Describer} reads the catalog for {@code \d} and friends, and
 * {@link dev.spindle.cli.exec.ErrorReport} turns an {@link java.sql.SQLException} into psql's
 * error lines with a caret under the position.
 *
 * <p>Shared by batch mode and the interactive shell; knows nothing of terminals (the shell
 * hooks in through {@link dev.spindle.cli.exec.StatementListener}). Uses {@code sql} and
 * {@code format}.
 */
package dev.spindle.cli.exec;
