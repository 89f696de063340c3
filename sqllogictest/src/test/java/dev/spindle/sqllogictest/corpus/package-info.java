/**
 * The corpus tests run in CI: SQLite's visible sqllogictest corpus on each engine, held to a
 * checked-in per-file baseline of passing records ({@code src/test/resources/baseline/}). Tests
 * only; the runner itself lives in the main packages, which it drives through {@code engine},
 * {@code run} and {@code report} as the command line does: it must not use {@code format} or
 * {@code render} internals, nor {@code cli}.
 */
package dev.spindle.sqllogictest.corpus;
