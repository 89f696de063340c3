/**
 * The catalog as the planner sees it: immutable {@link dev.spindle.planner.catalog.CatalogItem}s
 * (tables with their {@link dev.spindle.planner.catalog.KeyConstraint}s, views, indexes) in an
 * immutable {@link dev.spindle.planner.catalog.Catalog} snapshot with one name space, lookups by id
 * and name, and dependencies. Plain data: must not use Calcite, compute runtimes or storage (it
 * refers to compute only for key expressions).
 */
package dev.spindle.planner.catalog;
