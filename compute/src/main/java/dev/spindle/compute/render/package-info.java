/**
 * Rendering: turns a {@link dev.spindle.compute.plan.DataflowDescription} into operators on each
 * worker ({@link dev.spindle.compute.render.DataflowRenderer}, a
 * {@link dev.spindle.compute.dataflow.DataflowRender}): sources, imports (an exported index, or on
 * the interactive runtime a published one), the plan's operators, and index exports with their
 * publication, or a re-export where the description claims one (the renderer checks the claim). The only package that turns plans into operators;
 * {@link dev.spindle.compute.render.ArrangementFactory} and
 * {@link dev.spindle.compute.render.TableResolver} are what callers plug in.
 *
 * <p>Sees the worker only through {@code DataflowBuilder}'s services (trace manager, registry,
 * {@code ComputeRuntimeRole}); must not use runtimes, workers, the protocol, peeks, the controller
 * or introspection (runtimes use the renderer, not the other way round).
 */
package dev.spindle.compute.render;
