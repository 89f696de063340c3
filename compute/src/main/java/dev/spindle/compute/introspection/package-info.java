/**
 * Introspection: the relations of {@code spindle_introspection}
 * ({@link dev.spindle.compute.introspection.IntrospectionRelation}: arrangement sizes per worker
 * and summed, error counts, publication points, active peeks, peek durations, dataflows), kept by
 * {@link dev.spindle.compute.introspection.IntrospectionCollector} as update logs and arranged by
 * logging dataflows into logging indexes that the maintenance runtime publishes at the minimum
 * time. The SQL front end will expose them as relations.
 *
 * <p>The top of compute: it drives the controller, renders its logging dataflows with
 * {@code render} and samples the runtimes (trace managers, registries, dataflow stats) with worker
 * commands. Nothing else in compute may use this package; it must not use dataflows, operators or
 * arrangements directly (only {@code arrangement.trace.ArrangementSize} figures).
 */
package dev.spindle.compute.introspection;
