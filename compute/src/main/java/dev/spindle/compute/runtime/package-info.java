/**
 * Compute runtimes: {@link dev.spindle.compute.runtime.ComputeRuntime} (W worker threads fed one
 * total order of commands) and its {@link dev.spindle.compute.runtime.Worker}s. The runtime knows
 * dataflows only through {@link dev.spindle.compute.runtime.DataflowRender}; plans are rendered
 * into operators elsewhere. Runtime roles (SOLO, MAINTENANCE, INTERACTIVE) and the sharing
 * registry build on this (issue 4).
 */
package dev.spindle.compute.runtime;
