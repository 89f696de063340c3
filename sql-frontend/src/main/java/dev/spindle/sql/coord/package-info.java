/**
 * The coordinator's shared state: the {@link dev.spindle.sql.coord.Coordinator} of one database
 * (table store, compute controller, catalog snapshots, ids, the write lock) and its
 * {@link dev.spindle.sql.coord.TimestampOracle}. Uses storage, compute's controller and the
 * planner's catalog; must not use Calcite's parser or validator directly, nor the JDBC layer.
 */
package dev.spindle.sql.coord;
