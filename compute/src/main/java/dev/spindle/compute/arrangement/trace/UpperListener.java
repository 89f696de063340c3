package dev.spindle.compute.arrangement.trace;

import dev.spindle.common.time.Frontier;

/**
 * Told when a trace's upper advances (a <em>seal</em>). Called on the writer's thread, after the
 * snapshot with the new upper is published, once per publish that advanced the upper (so a reader
 * that takes a snapshot from the callback sees at least {@code upper}). Must not block and should
 * be quick: mark something dirty, wake a worker. An exception thrown here surfaces from the
 * writer's call after every listener has run.
 */
@FunctionalInterface
public interface UpperListener {
    /** The trace's upper is now {@code upper}. */
    void upperAdvanced(Frontier upper);
}
