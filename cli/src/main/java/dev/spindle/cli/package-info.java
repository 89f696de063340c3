/**
 * The {@code spindle} command: {@link dev.spindle.cli.Main} parses the command line (picocli),
 * opens the connection ({@link dev.spindle.cli.ConnectionOptions}), and runs batch mode
 * ({@code -c}, {@code -f}, standard input), the interactive shell
 * ({@link dev.spindle.cli.shell}) or the {@code slt} subcommand
 * ({@link dev.spindle.cli.SltCommand}, forwarding to the sqllogictest runner).
 *
 * <p>The only package that touches {@code System.in/out/err} and {@code System.exit}. It
 * reaches Spindle only through JDBC ({@link java.sql.DriverManager}); the other packages get a
 * {@link java.sql.Connection} or nothing.
 */
package dev.spindle.cli;
