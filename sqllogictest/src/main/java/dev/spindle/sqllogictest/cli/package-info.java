/**
 * The command-line entry point, {@code java -jar spindle-slt.jar [options] PATH...}:
 * {@link dev.spindle.sqllogictest.cli.Main}, its options
 * ({@link dev.spindle.sqllogictest.cli.Options}, parsed by
 * {@link dev.spindle.sqllogictest.cli.OptionsParser}) and exit codes.
 *
 * <p>The only package that touches {@code System.out}, {@code System.err} and {@code System.exit};
 * it wires {@code engine}, {@code run} and {@code report} together (it picks the JUnit XML path,
 * {@code report} writes the file). Uses no {@code format} or {@code render} internals, and no
 * other package may use this one. The Spindle shell forwards {@code ./spindle slt ...} to
 * {@link dev.spindle.sqllogictest.cli.Main#run}.
 */
package dev.spindle.sqllogictest.cli;
