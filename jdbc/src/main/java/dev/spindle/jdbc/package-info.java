/**
 * Spindle's embedded JDBC driver ({@code jdbc:spindle:}): the {@link dev.spindle.jdbc.Driver}
 * (an Avatica {@code UnregisteredDriver}), URL and property parsing, the registry of named
 * in-memory databases, and an Avatica {@code Meta} that runs each connection's statements through
 * one sql-frontend {@code Session} and turns {@code SpindleException}s into SQLExceptions with
 * their SQLSTATE and vendor code.
 *
 * <p>Owns only the JDBC boundary. Uses sql-frontend's public API ({@code Database},
 * {@code Session}, {@code StatementResult}), common's rows, types and errors, compute's
 * {@code RuntimeMode}, and Avatica. For {@code DatabaseMetaData} it also reads, and only reads,
 * the coordinator's immutable catalog snapshot ({@code planner.catalog}), the planner's schema
 * name and the parser's lexical configuration and limits, so that metadata answers come from
 * where the behaviour lives; it must not use the coordinator otherwise, nor storage or compute
 * internals.
 */
package dev.spindle.jdbc;
