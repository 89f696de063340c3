/**
 * The corpus tests run in CI: SQLite's visible sqllogictest corpus on each engine, held to a
 * checked-in per-file baseline of passing records ({@code src/test/resources/baseline/}). Tests
 * only; the runner itself lives in the main packages.
 */
package dev.spindle.sqllogictest.corpus;
