/**
 * Peeks: one-shot reads of an index at a time. {@link dev.spindle.compute.peek.PeekRequest} and
 * the workers' {@link dev.spindle.compute.peek.PeekPartial}s are plain serializable values that
 * cross the compute protocol; the solo/maintenance-side {@link dev.spindle.compute.peek.PeekService}
 * and the interactive {@link dev.spindle.compute.peek.SharedPeekService} answer from each worker's
 * partition under the seal gate, the since gate and errors-before-rows (DESIGN §5), reading sealed
 * arrangements in slices; the controller merges the workers' partials into a
 * {@link dev.spindle.compute.peek.PeekResponse} that the reader finishes.
 *
 * <p>Uses arrangements, exports, expressions, plans, sharing, and from operators only the
 * arrangement readers and the error-row codec; must not use runtimes, workers, the dataflow
 * substrate, the controller or the protocol.
 */
package dev.spindle.compute.peek;
