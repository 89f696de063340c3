package dev.spindle.compute.dataflow;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class WakerTest {
    @Test
    void oneRunnableWakesTheWorkerWhereverItIsRegistered() throws InterruptedException {
        Waker waker = new Waker();
        // one object: a table writer deferring the wakes of many tables runs it once (DeferredWakes)
        assertSame(waker.asRunnable(), waker.asRunnable());
        CountDownLatch parked = new CountDownLatch(1);
        CountDownLatch woken = new CountDownLatch(1);
        Thread worker = new Thread(() -> {
            waker.bindToCurrentThread();
            waker.clear();
            parked.countDown();
            waker.park(TimeUnit.SECONDS.toNanos(30));
            woken.countDown();
        });
        worker.start();
        assertTrue(parked.await(10, TimeUnit.SECONDS));
        waker.asRunnable().run();
        assertTrue(woken.await(10, TimeUnit.SECONDS), "the runnable unparks the worker (parked for 30 s otherwise)");
        assertTrue(waker.isNotified());
        worker.join();
    }
}
