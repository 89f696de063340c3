/**
 * JMH benchmarks of the parser, compiled with the tests and run only with {@code -Pbench} (see
 * the module's pom.xml and README). Each benchmark's state is per thread.
 */
package dev.spindle.sql.parser.bench;
