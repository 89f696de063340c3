/**
 * Turning JDBC values into the strings sqllogictest compares, the way SQLite's harness prints
 * them: rendering by type letter ({@link dev.spindle.sqllogictest.render.ValueRenderer}), SQLite's
 * number formats ({@link dev.spindle.sqllogictest.render.SqliteNumberFormat}) and text-to-number
 * conversions ({@link dev.spindle.sqllogictest.render.SqliteTextNumbers}), ordering
 * ({@link dev.spindle.sqllogictest.render.ResultSorter}) and hashing
 * ({@link dev.spindle.sqllogictest.render.ResultHash}).
 *
 * <p>Pure functions over values: no JDBC calls, no state. Everything here is thread-safe. Uses
 * {@code format}'s result types and sort modes only; must not use {@code engine}, {@code run},
 * {@code report} or {@code cli}.
 */
package dev.spindle.sqllogictest.render;
