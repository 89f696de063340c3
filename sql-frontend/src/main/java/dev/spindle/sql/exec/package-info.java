/**
 * Running statements: {@link dev.spindle.sql.exec.Statements} dispatches a parsed statement to
 * the DDL ({@link dev.spindle.sql.exec.Ddl}), DML ({@link dev.spindle.sql.exec.Dml}) and query
 * ({@link dev.spindle.sql.exec.Queries}) executors, which plan with the planner and act through
 * the coordinator. Must not use the JDBC layer or the shell.
 */
package dev.spindle.sql.exec;
