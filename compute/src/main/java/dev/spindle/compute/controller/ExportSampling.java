package dev.spindle.compute.controller;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.compute.protocol.ComputeResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/**
 * The introspection samples in flight: each gathers one {@link ComputeResponse.ExportSample} per
 * worker, then completes with all of them in worker order.
 *
 * <p>Not thread-safe: guarded by the {@link ComputeController}'s monitor; the futures are
 * completed outside it (by the runnables this class returns, or in {@link #closeAll}).
 */
final class ExportSampling {
    /** One sample in flight. */
    static final class Sample {
        final long id;
        final int workers;
        final Map<Integer, ComputeResponse.ExportSample> received = new TreeMap<>();
        final CompletableFuture<List<ComputeResponse.ExportSample>> done = new CompletableFuture<>();

        Sample(long id, int workers) {
            this.id = id;
            this.workers = workers;
        }
    }

    private final Map<Long, Sample> pending = new HashMap<>();
    private long nextId;

    /** A new sample of {@code workers} workers' exports; the caller sends its command. */
    Sample begin(int workers) {
        Sample s = new Sample(nextId++, workers);
        pending.put(s.id, s);
        return s;
    }

    /** Forgets sample {@code id} (answered, timed out or interrupted). */
    void end(long id) {
        pending.remove(id);
    }

    /** Takes one worker's answer; returns what completes the sample once all are in, else null. */
    Runnable receive(ComputeResponse.ExportSample r) {
        Sample s = pending.get(r.sample());
        if (s != null && s.received.putIfAbsent(r.worker(), r) == null && s.received.size() == s.workers) {
            List<ComputeResponse.ExportSample> out = List.copyOf(s.received.values());
            return () -> s.done.complete(out);
        }
        return null;
    }

    /** The samples still waiting, to fail once the controller is closed (outside its monitor). */
    List<Sample> closeAll() {
        List<Sample> out = new ArrayList<>(pending.values());
        pending.clear();
        return out;
    }

    /** Fails {@code waiting} because the database closed. */
    static void failClosed(List<Sample> waiting) {
        for (Sample s : waiting) {
            s.done.completeExceptionally(new SpindleException(ErrorCode.DATABASE_CLOSED_0));
        }
    }
}
