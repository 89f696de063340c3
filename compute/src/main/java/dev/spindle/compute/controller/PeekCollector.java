package dev.spindle.compute.controller;

import dev.spindle.compute.peek.PeekMerge;
import dev.spindle.compute.peek.PeekPartial;
import dev.spindle.compute.peek.PeekRequest;
import dev.spindle.compute.peek.PeekResponse;
import java.util.concurrent.CompletableFuture;

/**
 * One pending peek: gathers one partial answer per worker, then merges them.
 *
 * <p>Not thread-safe: guarded by the {@link ComputeController}'s monitor; {@link #merge} runs
 * outside it once every part is in, and {@link #future} is completed outside it.
 */
final class PeekCollector {
    final PeekRequest request;
    final PeekPartial[] parts;
    final CompletableFuture<PeekResponse> future = new CompletableFuture<>();
    final long started = System.nanoTime();
    int received;

    PeekCollector(PeekRequest request, int workers) {
        this.request = request;
        this.parts = new PeekPartial[workers];
    }

    /** The answer from every worker's partial ({@link PeekMerge}). */
    PeekResponse merge() {
        return PeekMerge.merge(parts, request.finishing()); // rows merged by the reader
    }
}
