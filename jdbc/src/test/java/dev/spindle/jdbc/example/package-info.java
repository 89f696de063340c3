/**
 * A program as a newcomer writes it: {@code java.sql} only, nothing of Spindle's. It is compiled
 * with the tests and run by {@code dev.spindle.jdbc.jar.DriverJarIT} against the driver jar alone.
 */
package dev.spindle.jdbc.example;
