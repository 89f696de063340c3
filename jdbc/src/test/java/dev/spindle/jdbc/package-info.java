/**
 * Tests of the Spindle JDBC driver through plain JDBC ({@code DriverManager}) only: values and
 * metadata of every type, update counts, shared named databases, SQLSTATEs, URL and property
 * checks, concurrent connections. Must not use the driver's package-private classes.
 */
package dev.spindle.jdbc;
