/**
 * Spindle's compute layer: scalar expressions, dataflow plans, the dataflow substrate, operators,
 * arrangements, index exports, peeks, the sharing registry, the renderer, the compute protocol,
 * runtimes and workers, the controller and introspection. Sub-packages own one concept each.
 *
 * <p>Depends on {@code common} and {@code storage.table}; must not use Calcite, the planner or
 * anything above it. Within compute, main code has no package cycle; bottom-up, each package uses
 * only packages listed before it: {@code expr.func}, {@code expr}, {@code plan};
 * {@code dataflow}; {@code arrangement.*}; {@code operator}, {@code operator.arrange},
 * {@code operator.join}, {@code operator.reduce}; {@code sharing}; {@code export}; {@code peek};
 * {@code render}; {@code protocol}; {@code runtime}; {@code controller}; {@code introspection}. Each package's own
 * rule is in its package-info. The rules bind main code: a package's tests may wire it up through
 * higher layers (the test-only {@code testing} harness, the renderer, the controller).
 */
package dev.spindle.compute;
