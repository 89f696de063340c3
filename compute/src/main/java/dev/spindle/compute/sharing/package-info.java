/**
 * The arrangement sharing registry (DESIGN.md §1, §5): one
 * {@link dev.spindle.compute.sharing.ArrangementSharingRegistry} per worker ordinal, holding a
 * {@link dev.spindle.compute.sharing.PublicationPoint} per published collection id. The
 * maintenance runtime publishes its index exports here ({@link dev.spindle.compute.sharing.PublishToken});
 * the interactive runtime binds points ({@link dev.spindle.compute.sharing.PointReader}), reads
 * them for peeks without waiting behind maintenance, and is woken by seals.
 *
 * <p>Depends on the arrangement's shared traces and the dataflow waker only.
 */
package dev.spindle.compute.sharing;
