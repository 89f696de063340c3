/**
 * Peeks: one-shot reads of an index at a time. Requests and responses are plain values; the
 * worker-side {@link dev.spindle.compute.peek.PeekService} answers from each worker's partition
 * under the seal gate, the since gate and errors-before-rows (DESIGN §5), and the controller
 * merges the workers' partials and applies the finishing.
 */
package dev.spindle.compute.peek;
