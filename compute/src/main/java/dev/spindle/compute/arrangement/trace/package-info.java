/**
 * What readers of an arrangement share with its writer, on any thread (differential dataflow's
 * {@code TraceAgent}/{@code TraceBox} idea, with H2's {@code RootReference} publication):
 *
 * <ul>
 *   <li>{@link dev.spindle.compute.arrangement.trace.TraceSnapshot} — an immutable view (batch
 *       chain, upper, since, size) that the writer publishes through an {@code AtomicReference}
 *       after every change; reading it takes no lock;</li>
 *   <li>{@link dev.spindle.compute.arrangement.trace.TraceHandle} — a reader's logical and
 *       physical compaction holds; {@code AutoCloseable}, closing releases exactly its holds;</li>
 *   <li>{@link dev.spindle.compute.arrangement.trace.SharedTrace} — the holds of all handles, the
 *       compaction frontiers granted to the writer (never past the meet of the live holds), atomic
 *       since-check-and-register for new readers, and upper-advance listeners;</li>
 *   <li>{@link dev.spindle.compute.arrangement.trace.TracePublisher} — the writer's capability on a
 *       shared trace: ask for grants, publish snapshots, close. Only whoever creates the trace holds
 *       it.</li>
 * </ul>
 *
 * <p>Also the values readers see: sizes ({@code ArrangementSize}), entries read at a time
 * ({@code KeyValDiff}), seal listeners ({@code UpperListener}) and the compaction error
 * ({@code CompactedBeyondReadException}).
 *
 * <p>Depends on {@code common}, {@code arrangement.cursor} and {@code arrangement.batch}; must not
 * use {@code arrangement.spine} (it builds on this package: how batches are merged is not known
 * here), nor operators, dataflows, runtimes or the sharing registry.
 */
package dev.spindle.compute.arrangement.trace;
