/**
 * SQL text as the shell sees it, before any of it reaches a driver: splitting a script or a
 * typed buffer into statements and meta-commands ({@link dev.spindle.cli.sql.ScriptScanner}),
 * the words of a statement for completion and highlighting ({@link dev.spindle.cli.sql.SqlLexer}),
 * keywords, command tags and the tables a statement names
 * ({@link dev.spindle.cli.sql.TableReferences}).
 *
 * <p>Pure functions over strings: uses no JDBC, no terminal and no other package of the shell.
 */
package dev.spindle.cli.sql;
