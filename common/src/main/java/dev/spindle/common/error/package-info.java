/**
 * The catalog of user-visible errors ({@link dev.spindle.common.error.ErrorCode}, each with a
 * SQLSTATE and a message template) and the exception that carries one
 * ({@link dev.spindle.common.error.SpindleException}). Every layer reports errors through these,
 * so the JDBC driver can give each a SQLSTATE.
 *
 * <p>Depends on nothing but the JDK ({@code java.sql}); must not use any other Spindle package.
 */
package dev.spindle.common.error;
