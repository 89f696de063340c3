/**
 * The arrangement sharing registry (DESIGN.md §1, §5): one
 * {@link dev.spindle.compute.sharing.ArrangementSharingRegistry} per worker ordinal, holding a
 * {@link dev.spindle.compute.sharing.PublicationPoint} per published collection id. The
 * maintenance runtime publishes its index exports here ({@link dev.spindle.compute.sharing.PublishToken});
 * the interactive runtime reads them through {@link dev.spindle.compute.sharing.PointReader}s
 * (opened atomically with {@link dev.spindle.compute.sharing.ArrangementSharingRegistry#openReader}),
 * for peeks that never wait behind maintenance, and is woken by seals.
 * {@link dev.spindle.compute.sharing.ComputeRuntimeRole} names the side of the registry a runtime
 * is on (or SOLO: none).
 *
 * <p>Every type here may be used from any thread. Locks, in the only order they nest: a point's
 * monitor, then its readers' monitors, then a trace's lock. The registry's monitor (and a publish
 * token's) is never held together with any other: under it the registry touches points only
 * through their atomic lifecycle state and volatile floors.
 *
 * <p>Depends on the arrangement's shared traces and the dataflow waker only.
 */
package dev.spindle.compute.sharing;
