/**
 * Running parsed scripts against JDBC databases and judging the results: one file at a time by
 * {@link dev.spindle.sqllogictest.run.ScriptRunner}, many files (a fresh database each) by
 * {@link dev.spindle.sqllogictest.run.CorpusRunner}, with the comparison rules in
 * {@link dev.spindle.sqllogictest.run.StatementCheck} and
 * {@link dev.spindle.sqllogictest.run.QueryCheck}.
 *
 * <p>Results ({@link dev.spindle.sqllogictest.run.FileResult},
 * {@link dev.spindle.sqllogictest.run.Failure}, ...) are immutable records. The runners and
 * {@link dev.spindle.sqllogictest.run.JdbcSession} hold a JDBC connection and mutable per-file
 * state: they are confined to the thread that runs them. This package does not print; reporting
 * goes through {@link dev.spindle.sqllogictest.run.RunListener}. Depends on {@code engine},
 * {@code format} and {@code render}; must not use {@code report} or {@code cli}.
 */
package dev.spindle.sqllogictest.run;
