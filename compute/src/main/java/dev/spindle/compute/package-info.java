/**
 * Spindle's compute layer: dataflow plans, scalar expressions, arrangements and trace handles,
 * workers and peeks. Sub-packages own one concept each. Depends on {@code common} and
 * {@code storage}; must not use Calcite, the planner or anything above it.
 */
package dev.spindle.compute;
