/**
 * The sqllogictest file format: the parser ({@link dev.spindle.sqllogictest.format.ScriptParser})
 * and the immutable records it produces ({@link dev.spindle.sqllogictest.format.Record} and its
 * kinds, {@link dev.spindle.sqllogictest.format.Script}).
 *
 * <p>Pure data and text processing: must not use JDBC or any other runner package (rendering,
 * running, reporting build on it). Every type in it is immutable and therefore safe to share
 * between threads.
 */
package dev.spindle.sqllogictest.format;
