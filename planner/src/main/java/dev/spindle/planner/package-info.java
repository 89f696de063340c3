/**
 * The planner (DESIGN §2, §3): from a parsed statement and a catalog snapshot to compute's plain
 * data, through Calcite's validator and relational algebra. Sub-packages: {@code catalog},
 * {@code calcite}, {@code lower}, {@code peek}, {@code system} (the system relations). The only module that uses Calcite's planner; nothing
 * below it does. Must not use runtimes, the controller, storage or the JDBC layer.
 */
package dev.spindle.planner;
