/**
 * Ad-hoc queries planned once per shape: {@link dev.spindle.planner.shape.LiteralLifter} turns a
 * parsed query into its shape (numeric literals in value positions become
 * {@link dev.spindle.planner.shape.LiftedLiteral} slots; tables read by name become table slots of
 * their column types) and a key; {@link dev.spindle.planner.shape.ShapeCache} keeps, per catalog
 * snapshot, the relational plan Calcite made of each shape (validated, converted, decorrelated,
 * simplified), which {@link dev.spindle.planner.shape.ShapeTemplate} binds to a query's literals and
 * tables before it is lowered; {@link dev.spindle.planner.shape.ShapeText} finds a query's shape from
 * its text alone when an earlier query's text differed only in lifted numbers and tables, so the
 * query is neither parsed nor lifted. The corpus of SQLite's sqllogictest repeats such shapes with other
 * constants and over identically typed tables, and Calcite's half of planning is most of a small
 * query's cost. Uses Calcite's parse trees and relational algebra and the planner's catalog; must
 * not use runtimes or the controller.
 */
package dev.spindle.planner.shape;
