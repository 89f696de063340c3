/**
 * Integration tests of the self-contained driver jar (the shade plugin's {@code driver} artifact),
 * run by failsafe after {@code package}: a separate JVM with only that jar on its class path.
 */
package dev.spindle.jdbc.jar;
