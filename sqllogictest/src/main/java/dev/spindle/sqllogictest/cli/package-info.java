/**
 * The command-line entry point, {@code java -jar spindle-slt.jar [options] PATH...}:
 * {@link dev.spindle.sqllogictest.cli.Main}, its options
 * ({@link dev.spindle.sqllogictest.cli.Options}, parsed by
 * {@link dev.spindle.sqllogictest.cli.OptionsParser}) and exit codes.
 *
 * <p>The only package that touches {@code System.out}, {@code System.exit} and the file system
 * for reports; it wires {@code engine}, {@code run} and {@code report} together. The Spindle shell
 * forwards {@code ./spindle slt ...} to {@link dev.spindle.sqllogictest.cli.Main#run}.
 */
package dev.spindle.sqllogictest.cli;
