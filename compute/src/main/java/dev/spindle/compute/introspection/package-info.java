/**
 * Introspection: the relations of {@code spindle_introspection}
 * ({@link dev.spindle.compute.introspection.IntrospectionRelation}: arrangement sizes per worker
 * and summed, error counts, publication points, active peeks, peek durations, dataflows), kept by
 * {@link dev.spindle.compute.introspection.IntrospectionCollector} as update logs and arranged by
 * logging dataflows into logging indexes that the maintenance runtime publishes at the minimum
 * time. The SQL front end will expose them as relations.
 *
 * <p>The top of compute: it drives the controller only through descriptions and the protocol's
 * export samples, and reads the registries' points for {@code publication_points}. Nothing else in
 * compute may use this package; it must not use runtimes, workers, the renderer, dataflows,
 * operators or arrangements.
 */
package dev.spindle.compute.introspection;
