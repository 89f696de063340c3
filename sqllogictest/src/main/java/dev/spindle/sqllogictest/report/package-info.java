/**
 * Presenting results: the console lines of a run
 * ({@link dev.spindle.sqllogictest.report.ConsoleReporter}) and a JUnit XML report for tools
 * ({@link dev.spindle.sqllogictest.report.JUnitXmlReport}).
 *
 * <p>Reads the immutable results of {@code run}; never runs SQL. The reporter writes to the stream
 * it is given from the thread that drives the run. Depends on {@code run} only; must not use JDBC,
 * {@code engine} or {@code cli}.
 */
package dev.spindle.sqllogictest.report;
