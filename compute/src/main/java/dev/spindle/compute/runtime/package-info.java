/**
 * Compute runtimes: {@link dev.spindle.compute.runtime.ComputeRuntime} (W worker threads fed one
 * total order of commands) and its {@link dev.spindle.compute.runtime.Worker}s, the runtime side
 * of the compute protocol. Workers apply {@code ComputeCommand}s, render each description
 * themselves against the runtime's {@link dev.spindle.compute.runtime.RuntimeEnvironment} (tables
 * and arrangement factory, given at start), run operators, serve peeks (solo and shared paths) and
 * answer with {@code ComputeResponse}s. In-process callers may also build dataflows from code and
 * run diagnostic actions ({@link dev.spindle.compute.runtime.WorkerCommand}); the controller never
 * does.
 *
 * <p>Uses dataflow, render, export, peek, protocol and sharing; must not use the controller or
 * introspection (they sit above it).
 */
package dev.spindle.compute.runtime;
