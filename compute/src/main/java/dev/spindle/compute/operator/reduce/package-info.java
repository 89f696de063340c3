/**
 * Per-group logic of the reduction operators (GROUP BY aggregates, DISTINCT, top-k, threshold):
 * pure functions from a group's accumulated input to its output, which the operators re-run for
 * every group whose input changed at a time. Knows rows and plan values only.
 */
package dev.spindle.compute.operator.reduce;
