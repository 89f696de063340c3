/**
 * Which database a run talks to: {@link dev.spindle.sqllogictest.engine.EngineSpec} (a JDBC URL
 * template and the label used for {@code skipif}/{@code onlyif}) and the named shortcuts of
 * {@link dev.spindle.sqllogictest.engine.KnownEngines} ({@code h2}, {@code sqlite}, and
 * {@code spindle} once Spindle has a JDBC driver).
 *
 * <p>Engines are reached through {@link java.sql.DriverManager} only; no driver class is
 * referenced at compile time, so adding an engine means adding its driver to the class path and,
 * optionally, a shortcut here. Immutable values, safe to share between threads. Must not use
 * any other runner package or reference a driver class.
 */
package dev.spindle.sqllogictest.engine;
