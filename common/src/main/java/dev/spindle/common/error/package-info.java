/**
 * The catalog of user-visible errors ({@link dev.spindle.common.error.ErrorCode}, each with a
 * SQLSTATE and a message template) and the exception that carries one
 * ({@link dev.spindle.common.error.SpindleException}). Every layer reports errors through these,
 * so the JDBC driver can give each a SQLSTATE. Depends on nothing but the JDK ({@code java.sql}).
 */
package dev.spindle.common.error;
