/**
 * Introspection: the relations of {@code spindle_introspection} (arrangement sizes per worker and
 * summed, error counts, publication points, active peeks, peek durations, dataflows), maintained
 * by {@link dev.spindle.compute.introspection.IntrospectionCollector} as update logs and arranged
 * by logging dataflows into logging indexes that the maintenance runtime publishes at the minimum
 * time. The SQL front end will expose them as relations.
 */
package dev.spindle.compute.introspection;
