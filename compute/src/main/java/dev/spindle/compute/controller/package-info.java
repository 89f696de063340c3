/**
 * The compute controller: the seam through which the SQL layer drives compute (DESIGN §2).
 * {@link dev.spindle.compute.controller.ComputeController} sends the protocol's plain-value
 * commands to a SOLO runtime or to a MAINTENANCE + INTERACTIVE pair, combines the workers'
 * responses (dataflow created or failed, frontiers, peek parts, export samples) into futures that
 * always complete, and keeps one set of books on dataflows, exports, drops and compaction. Its
 * parts, each guarded by the controller's monitor: {@code DataflowBook} (one live dataflow),
 * {@code PeekCollector} (one pending peek), {@code ReportedFrontiers} (the workers' uppers and
 * sinces), {@code ExportSampling} (introspection samples in flight); {@code PeekDurations} is
 * atomic, and {@code InlineReads} answers peeks in the caller's thread without the monitor (from
 * the sharing registries, the tables and what the controller publishes for lock-free reads).
 *
 * <p>Uses the protocol, runtimes (to start them and send them commands), plans, peeks, the
 * sharing roles and the renderer's {@code TableResolver} type; must not use operators,
 * arrangements, workers or the renderer itself. Only introspection sits above it.
 */
package dev.spindle.compute.controller;
