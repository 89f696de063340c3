/**
 * The coordinator's shared state: the {@link dev.spindle.sql.coord.Coordinator} of one database
 * (table store, compute controller, catalog snapshots, ids, the write lock, the uniqueness rules'
 * key counts of {@link dev.spindle.sql.unique}, kept with every commit) and its
 * {@link dev.spindle.sql.coord.TimestampOracle}, and the system relations it keeps:
 * {@link dev.spindle.sql.coord.CatalogTables} ({@code spindle_catalog}, written with every catalog
 * change) and {@link dev.spindle.sql.coord.Introspection} ({@code spindle_introspection}). Uses storage, compute's controller and the
 * planner's catalog; must not use Calcite's parser or validator directly, nor the JDBC layer.
 */
package dev.spindle.sql.coord;
