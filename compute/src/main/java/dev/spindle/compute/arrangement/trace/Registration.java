package dev.spindle.compute.arrangement.trace;

/** Undoes a registration (of a listener). Idempotent; safe from any thread. */
@FunctionalInterface
public interface Registration extends AutoCloseable {
    @Override
    void close();
}
