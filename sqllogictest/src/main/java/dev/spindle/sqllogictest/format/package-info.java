/**
 * The sqllogictest file format: the parser ({@link dev.spindle.sqllogictest.format.ScriptParser})
 * and the immutable records it produces ({@link dev.spindle.sqllogictest.format.Record} and its
 * kinds, {@link dev.spindle.sqllogictest.format.Script}).
 *
 * <p>Pure data and text processing: this package knows nothing of JDBC, of rendering values or of
 * running anything. Every type in it is immutable and therefore safe to share between threads.
 */
package dev.spindle.sqllogictest.format;
