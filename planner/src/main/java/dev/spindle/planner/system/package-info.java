/**
 * The system relations (DESIGN §6) as catalog items: the catalog relations of schema
 * {@code spindle_catalog} ({@link dev.spindle.planner.system.CatalogRelation}: tables, views,
 * indexes, columns, constraints, whose rows describe a catalog snapshot) and the introspection relations of
 * schema {@code spindle_introspection} (compute's update logs, their logging indexes and the summed
 * arrangement sizes), installed into every catalog by {@link dev.spindle.planner.system.SystemCatalog}.
 * System items are found in the catalog by id (not by name: the user's name space stays free) and
 * carry qualified names ({@code spindle_catalog.tables}), which
 * {@link dev.spindle.planner.system.SystemSchema} splits.
 *
 * <p>Plain data over the catalog: must not use Calcite, runtimes, the controller or storage.
 */
package dev.spindle.planner.system;
