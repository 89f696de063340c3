/**
 * The interactive shell on a JLine terminal: {@link dev.spindle.cli.shell.InteractiveShell}
 * reads statements until {@code ;} ({@link dev.spindle.cli.shell.StatementParser}), completes
 * ({@link dev.spindle.cli.shell.SqlCompleter}) and highlights
 * ({@link dev.spindle.cli.shell.SqlHighlighter}) them, keeps a history, shows the
 * transaction state in the prompt, cancels the running statement on Ctrl-C and draws a progress
 * bar while a {@code CREATE INDEX} hydrates ({@link dev.spindle.cli.shell.ProgressDisplay}) and
 * pages long results ({@link dev.spindle.cli.shell.ScreenPager}, which may run the user's pager
 * command).
 *
 * <p>Runs statements through {@code exec}'s {@link dev.spindle.cli.exec.Runner}, like batch
 * mode; reaches the database only through the JDBC connection it is given (and the driver's
 * {@code ProgressReporting} extension when the driver is Spindle's).
 */
package dev.spindle.cli.shell;
