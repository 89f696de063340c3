package dev.spindle.compute.bench;

import dev.spindle.compute.dataflow.Waker;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A control with no engine in it: {@code n} threads that loop like idle workers (drain a command
 * queue, park on a {@link Waker} when there is nothing to do), and a request that the client
 * broadcasts to all of them and that completes a future when each has answered. It has the thread
 * hops of a fast-path peek (client, every interactive worker, back to the client) and nothing
 * else, so under the same load it shows what the scheduler and GC alone cost.
 *
 * <p>Thread-safety: {@link #roundTrip} from one client thread at a time; {@link #close} once.
 */
final class Handoff implements AutoCloseable {
    private record Request(AtomicInteger remaining, CompletableFuture<Void> done) {
    }

    private final Waker[] wakers;
    private final Queue<Request>[] queues;
    private final Thread[] threads;
    private volatile boolean stop;

    @SuppressWarnings("unchecked")
    Handoff(int n) {
        wakers = new Waker[n];
        queues = new Queue[n];
        threads = new Thread[n];
        for (int i = 0; i < n; i++) {
            Waker w = new Waker();
            Queue<Request> q = new ConcurrentLinkedQueue<>();
            wakers[i] = w;
            queues[i] = q;
            threads[i] = new Thread(() -> loop(w, q), "handoff-" + i);
            threads[i].setDaemon(true);
            threads[i].start();
        }
    }

    private void loop(Waker w, Queue<Request> q) {
        w.bindToCurrentThread();
        while (!stop) {
            w.clear();
            boolean did = false;
            Request r;
            while ((r = q.poll()) != null) {
                did = true;
                if (r.remaining.decrementAndGet() == 0) {
                    r.done.complete(null);
                }
            }
            if (!did) {
                w.park(TimeUnit.MILLISECONDS.toNanos(50));
            }
        }
    }

    /** Sends one request to every thread and waits until all answered. */
    void roundTrip() throws Exception {
        Request r = new Request(new AtomicInteger(threads.length), new CompletableFuture<>());
        for (int i = 0; i < threads.length; i++) {
            queues[i].add(r);
            wakers[i].wake();
        }
        r.done.get(60, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws InterruptedException {
        stop = true;
        for (int i = 0; i < threads.length; i++) {
            wakers[i].wake();
            threads[i].join(10_000);
        }
    }
}
