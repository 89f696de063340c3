/**
 * Arrangements: indexed, multi-version collections {@code key -> val -> [(time, diff)]} kept as a
 * spine of immutable sorted batches that are merged in fueled slices (DESIGN.md §1, §8).
 *
 * <p>Sub-packages, each one concept, listed bottom-up; each depends only on those above it:
 * <ol>
 *   <li>{@link dev.spindle.compute.arrangement.cursor} — the {@code Cursor} contract for walking
 *       sorted updates, and a cursor that merges several cursors on the fly;</li>
 *   <li>{@link dev.spindle.compute.arrangement.batch} — {@code Description}, the immutable
 *       columnar {@code Batch}, its {@code BatchBuilder} (sort and consolidate) and the fueled
 *       {@code BatchMerger} (merge two batches, applying logical compaction);</li>
 *   <li>{@link dev.spindle.compute.arrangement.trace} — what readers on any thread share: the
 *       published {@code TraceSnapshot}, {@code TraceHandle}s with their logical and physical
 *       compaction holds, and the writer's {@code TracePublisher} capability;</li>
 *   <li>{@link dev.spindle.compute.arrangement.spine} — the {@code Spine}: the single writer that
 *       inserts batches, merges them geometrically, compacts them to the meet of the holds and
 *       publishes a snapshot after every change.</li>
 * </ol>
 *
 * <p>Time contracts ({@code lower}, {@code upper}, {@code since}) are the ones of
 * {@link dev.spindle.common.time.Frontier}: an upper seals the times before it, a since says that
 * times before it were advanced to it.
 *
 * <p>Outside its sub-packages, depends on {@code common} only. Nothing under {@code arrangement}
 * may use dataflows, operators, plans, expressions, rendering, runtimes or workers, exports,
 * peeks, the sharing registry (which builds on {@code trace}), storage, SQL or Calcite.
 */
package dev.spindle.compute.arrangement;
