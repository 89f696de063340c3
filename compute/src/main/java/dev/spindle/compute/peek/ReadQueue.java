package dev.spindle.compute.peek;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The peeks a worker is reading: each {@link #step} gives every read one slice, round-robin, and a
 * point peek goes before the next slice of any scan. Shared by both peek services; {@code T} is
 * the service's own record of the peek.
 *
 * <p>Thread-safety: confined to its worker's thread.
 */
final class ReadQueue<T> {
    private record Entry<T>(T peek, SlicedRead read) {
    }

    private final Deque<Entry<T>> reads = new ArrayDeque<>();

    /** Queues the read of {@code peek}. */
    void add(T peek, SlicedRead read) {
        if (read.isPoint()) {
            reads.addFirst(new Entry<>(peek, read)); // one key: read it before the next slice of any scan
        } else {
            reads.addLast(new Entry<>(peek, read));
        }
    }

    /** Reads one slice of every queued read; {@code answered} receives each read that completed. */
    void step(BiConsumer<T, PeekPartial> answered) {
        for (int n = reads.size(); n > 0; n--) {
            Entry<T> e = reads.pollFirst();
            PeekPartial answer = e.read.slice();
            if (answer == null) {
                reads.addLast(e);
            } else {
                answered.accept(e.peek, answer);
            }
        }
    }

    /** Drops the reads whose peek matches, unanswered, handing each to {@code dropped}. */
    void removeIf(Predicate<T> matches, Consumer<T> dropped) {
        for (Iterator<Entry<T>> it = reads.iterator(); it.hasNext(); ) {
            Entry<T> e = it.next();
            if (matches.test(e.peek)) {
                it.remove();
                dropped.accept(e.peek);
            }
        }
    }

    /** Number of reads in progress. */
    int size() {
        return reads.size();
    }

    /** True if no read is in progress. */
    boolean isEmpty() {
        return reads.isEmpty();
    }
}
