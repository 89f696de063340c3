/**
 * Rendering: turns a {@link dev.spindle.compute.plan.DataflowDescription} into operators on each
 * worker ({@link dev.spindle.compute.render.DataflowRenderer}, the runtime's
 * {@link dev.spindle.compute.runtime.DataflowRender}): sources, imports (an exported index, or on
 * the interactive runtime a published one), the plan's operators, and index exports with their
 * publication or re-export. The only package that turns plans into operators;
 * {@link dev.spindle.compute.render.ArrangementFactory} and
 * {@link dev.spindle.compute.render.TableResolver} are what callers plug in.
 *
 * <p>Sees the runtime only through {@code DataflowRender} and {@code ComputeRuntimeRole}; must not
 * use {@code ComputeRuntime}, {@code Worker} or worker commands, nor peeks, the controller or
 * introspection.
 */
package dev.spindle.compute.render;
