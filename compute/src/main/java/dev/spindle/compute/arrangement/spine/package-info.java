/**
 * The spine: an arrangement's trace as its single writer maintains it.
 * {@link dev.spindle.compute.arrangement.spine.Spine} inserts contiguous batches, merges them
 * geometrically in fueled slices (the algorithm and its invariants are in its header), applies
 * logical and physical compaction as far as the readers' holds allow, and publishes a
 * {@link dev.spindle.compute.arrangement.trace.TraceSnapshot} after every change.
 * {@link dev.spindle.compute.arrangement.spine.Spine#create} returns a
 * {@link dev.spindle.compute.arrangement.spine.TracePair}: the writer and its first handle.
 *
 * <p>Writer-confined: a spine belongs to one worker thread. Depends on {@code common} and the
 * {@code arrangement.batch} and {@code arrangement.trace} packages; must not use operators,
 * dataflows, runtimes or workers, or the sharing registry.
 */
package dev.spindle.compute.arrangement.spine;
