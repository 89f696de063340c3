/**
 * The SQL front end's entry points (DESIGN §2, §4): a {@link dev.spindle.sql.Database} (tables,
 * catalog, compute) shared by its {@link dev.spindle.sql.Session}s, which parse and run statements
 * on their callers' threads and return {@link dev.spindle.sql.StatementResult}s. Uses the parser,
 * the planner, compute's controller and storage; must not use the JDBC layer or the shell.
 */
package dev.spindle.sql;
