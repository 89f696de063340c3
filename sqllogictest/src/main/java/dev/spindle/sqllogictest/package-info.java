/**
 * The sqllogictest runner: reads SQLite- and DuckDB-style test files, runs them against any JDBC
 * engine and compares the results with the files' expectations.
 *
 * <p>The pipeline, one package per step:
 * <pre>
 *   file text --format--&gt; Script (records) --run--&gt; FileResult --report--&gt; console, JUnit XML
 *                                          |
 *                      engine (JDBC URL, label) and render (values as the SQLite harness prints them)
 * </pre>
 * {@code cli} parses the command line and wires the steps together. Nothing here depends on
 * Spindle's other modules: the engine under test is reached through JDBC only.
 */
package dev.spindle.sqllogictest;
