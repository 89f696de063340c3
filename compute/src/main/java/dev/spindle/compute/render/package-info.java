/**
 * Rendering: turns a {@link dev.spindle.compute.plan.DataflowDescription} into operators on each
 * worker ({@link dev.spindle.compute.render.DataflowRenderer}). The only place that knows both
 * plans and operators.
 */
package dev.spindle.compute.render;
