/**
 * Batches: immutable, columnar, sorted and consolidated sets of updates
 * {@code (key, val, time, diff)} with a {@link dev.spindle.compute.arrangement.batch.Description}
 * {@code [lower, upper)} and {@code since}.
 *
 * <ul>
 *   <li>{@link dev.spindle.compute.arrangement.batch.Batch} — the layout (keys once per distinct
 *       key, values once per distinct {@code (key, val)}, times and diffs per update) and its
 *       memory accounting;</li>
 *   <li>{@link dev.spindle.compute.arrangement.batch.BatchBuilder} — collects unsorted updates and
 *       sorts and consolidates them into a batch without an object per update;</li>
 *   <li>{@link dev.spindle.compute.arrangement.batch.BatchMerger} — merges two adjacent batches
 *       in fueled slices, advancing times to a compaction frontier and consolidating;</li>
 *   <li>{@link dev.spindle.compute.arrangement.batch.BatchCursor} — the
 *       {@link dev.spindle.compute.arrangement.cursor.Cursor} over one batch (galloping
 *       seeks);</li>
 *   <li>{@link dev.spindle.compute.arrangement.batch.StagedUpdates} — keyed updates waiting to be
 *       arranged, in columns, without an object per update.</li>
 * </ul>
 *
 * <p>Batches are immutable and safe to share between threads once built; builders, mergers and
 * cursors are confined to one thread. Depends on {@code common} and {@code arrangement.cursor};
 * must not use {@code arrangement.trace} or {@code arrangement.spine}, nor anything else of
 * compute (operators, dataflows, runtimes).
 */
package dev.spindle.compute.arrangement.batch;
