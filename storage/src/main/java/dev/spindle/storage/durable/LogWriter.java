package dev.spindle.storage.durable;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Appends frames to the log's current segment on one writer thread, with group commit: it takes
 * every record queued since its last write (up to 1 MiB), writes them with one call and syncs once,
 * then acknowledges them all. With a sync delay (relaxed durability) a record is acknowledged once
 * written and the segment is synced at most that long after.
 *
 * <p>Fail-stop: the first failed write or sync poisons the writer; every waiter and every later
 * append fails with {@link ErrorCode#DATABASE_POISONED_1} naming the first failure. No sync is
 * retried (after a failed fsync the kernel may have dropped the dirty pages).
 *
 * <p>Thread-safety: {@link #append}, {@link #rotate} and the waits may be called from any thread;
 * the order of appends and rotations is the log's order.
 */
final class LogWriter implements AutoCloseable {
    private static final int GROUP_BYTES = 1 << 20;

    private record Pending(long lsn, byte type, byte[] payload, int length) {
    }

    /** A rotation to segment {@code seq} after every record through {@code covered}. */
    record Rotation(long covered, long seq) {
    }

    private final FileIO io;
    private final long syncDelayNanos;
    private final Object lock = new Object();
    private final ArrayDeque<Object> queue = new ArrayDeque<>();
    private final Thread thread;

    // guarded by lock
    private long nextLsn;
    private long written;
    private long synced;
    private long plannedSeq;
    private long segmentSeq;
    private String poisoned;
    private boolean closing;
    private long segmentBytes;
    private long syncs;
    private java.util.function.LongConsumer onAcknowledged = lsn -> { };

    // writer thread only
    private FileIO.Handle file;
    private long position;
    private long lastSyncNanos = System.nanoTime();

    /**
     * A writer appending to segment {@code seq} (open as {@code file}, {@code position} bytes long)
     * whose next record gets {@code nextLsn}.
     */
    LogWriter(FileIO io, long seq, FileIO.Handle file, long position, long nextLsn, long syncDelayMillis) {
        this.io = io;
        this.segmentSeq = seq;
        this.plannedSeq = seq;
        this.file = file;
        this.position = position;
        this.segmentBytes = position;
        this.nextLsn = nextLsn;
        this.written = nextLsn - 1;
        this.synced = nextLsn - 1;
        this.syncDelayNanos = syncDelayMillis * 1_000_000L;
        this.thread = new Thread(this::run, "spindle-log-writer");
        thread.setDaemon(true);
        thread.start();
    }

    static String segmentName(long seq) {
        return String.format("log-%010d.wal", seq);
    }

    /** Queues {@code r}; returns its LSN. Wait for it with {@link #awaitDurable}. */
    long append(LogRecord r) {
        Bytes b = new Bytes(256);
        LogRecord.encode(r, b);
        synchronized (lock) {
            checkWritable();
            long lsn = nextLsn++;
            queue.add(new Pending(lsn, LogRecord.type(r), b.array(), b.size()));
            lock.notifyAll();
            return lsn;
        }
    }

    /** Queues a switch to a new segment after every record appended so far. */
    Rotation rotate() {
        synchronized (lock) {
            checkWritable();
            Rotation r = new Rotation(nextLsn - 1, ++plannedSeq);
            queue.add(r);
            lock.notifyAll();
            return r;
        }
    }

    private void checkWritable() {
        if (poisoned != null) {
            throw new SpindleException(ErrorCode.DATABASE_POISONED_1, poisoned);
        }
        if (closing) {
            throw new SpindleException(ErrorCode.DATABASE_CLOSED_0);
        }
    }

    /** The LSN of the last record appended (queued), or one less than the first if none was. */
    long appended() {
        synchronized (lock) {
            return nextLsn - 1;
        }
    }

    /** The last LSN acknowledged: synced (or written, with a sync delay); every earlier one is too. */
    long acknowledged() {
        synchronized (lock) {
            return syncDelayNanos > 0 ? written : synced;
        }
    }

    /**
     * Calls {@code listener} on the writer thread, outside the writer's lock, with the new
     * acknowledged LSN each time it advances (after it is readable through {@link #acknowledged}).
     * Set it once, before appending.
     */
    void onAcknowledged(java.util.function.LongConsumer listener) {
        synchronized (lock) {
            onAcknowledged = java.util.Objects.requireNonNull(listener, "listener");
        }
    }

    private void acknowledgedNow() {
        java.util.function.LongConsumer l;
        long lsn;
        synchronized (lock) {
            l = onAcknowledged;
            lsn = syncDelayNanos > 0 ? written : synced;
        }
        l.accept(lsn);
    }

    /** Waits until the record {@code lsn} is acknowledged: synced (or written, with a sync delay). */
    void awaitDurable(long lsn) {
        await(lsn, syncDelayNanos > 0);
    }

    /** Waits until the record {@code lsn} is synced. */
    void awaitSynced(long lsn) {
        await(lsn, false);
    }

    private void await(long lsn, boolean writtenSuffices) {
        synchronized (lock) {
            while ((writtenSuffices ? written : synced) < lsn) {
                if (poisoned != null) {
                    throw new SpindleException(ErrorCode.DATABASE_POISONED_1, poisoned);
                }
                if (!thread.isAlive()) {
                    throw new SpindleException(ErrorCode.DATABASE_CLOSED_0);
                }
                try {
                    lock.wait(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new SpindleException(ErrorCode.QUERY_CANCELED_0);
                }
            }
        }
    }

    /** Waits until the segment {@code seq} is the current one (the previous one synced and closed). */
    void awaitSegment(long seq) {
        synchronized (lock) {
            while (segmentSeq < seq) {
                if (poisoned != null) {
                    throw new SpindleException(ErrorCode.DATABASE_POISONED_1, poisoned);
                }
                try {
                    lock.wait(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new SpindleException(ErrorCode.QUERY_CANCELED_0);
                }
            }
        }
    }

    /** Bytes in the current segment. */
    long segmentBytes() {
        synchronized (lock) {
            return segmentBytes;
        }
    }

    /** Syncs issued so far (for tests and measurements). */
    long syncs() {
        synchronized (lock) {
            return syncs;
        }
    }

    /** The reason writes stopped, or null. */
    String poisoned() {
        synchronized (lock) {
            return poisoned;
        }
    }

    /** Stops every further write with {@code reason} (first reason wins). */
    void poison(String reason) {
        synchronized (lock) {
            if (poisoned == null) {
                poisoned = reason;
            }
            lock.notifyAll();
        }
    }

    private void run() {
        String doing = "write " + segmentName(segmentSeq);
        try {
            while (true) {
                List<Pending> group = new ArrayList<>();
                Rotation rotation = null;
                boolean syncNow = false;
                synchronized (lock) {
                    while (queue.isEmpty() && poisoned == null) {
                        if (written > synced) {
                            long wait = syncDelayNanos - (System.nanoTime() - lastSyncNanos);
                            if (wait <= 0 || closing) {
                                syncNow = true;
                                break;
                            }
                            lock.wait(Math.max(1, wait / 1_000_000L), 0);
                        } else if (closing) {
                            return;
                        } else {
                            lock.wait();
                        }
                    }
                    if (poisoned != null) {
                        return;
                    }
                    int bytes = 0;
                    while (!queue.isEmpty() && bytes < GROUP_BYTES) {
                        Object head = queue.peek();
                        if (head instanceof Rotation r) {
                            if (group.isEmpty()) {
                                queue.poll();
                                rotation = r;
                            }
                            break;
                        }
                        Pending p = (Pending) queue.poll();
                        group.add(p);
                        bytes += Frames.HEADER + p.length;
                    }
                }
                if (syncNow) {
                    doing = "sync " + segmentName(currentSeq());
                    sync();
                    continue;
                }
                if (rotation != null) {
                    doing = "sync " + segmentName(currentSeq());
                    sync();
                    file.close();
                    String name = segmentName(rotation.seq());
                    doing = "create " + name;
                    FileIO.Handle next = io.open(name, true);
                    io.syncDirectory();
                    file = next;
                    position = 0;
                    synchronized (lock) {
                        segmentSeq = rotation.seq();
                        segmentBytes = 0;
                        lock.notifyAll();
                    }
                    continue;
                }
                doing = "write " + segmentName(currentSeq());
                write(group);
                if (syncDelayNanos == 0 || System.nanoTime() - lastSyncNanos >= syncDelayNanos) {
                    doing = "sync " + segmentName(currentSeq());
                    sync();
                }
            }
        } catch (IOException | RuntimeException e) {
            poison(doing + " failed: " + e.getMessage());
        } catch (InterruptedException e) {
            poison("the log writer was interrupted");
        }
    }

    private long currentSeq() {
        synchronized (lock) {
            return segmentSeq;
        }
    }

    private void write(List<Pending> group) throws IOException {
        int size = 0;
        for (Pending p : group) {
            size += Frames.HEADER + p.length;
        }
        long syncedNow;
        synchronized (lock) {
            syncedNow = synced;
        }
        ByteBuffer buf = ByteBuffer.allocate(size);
        for (Pending p : group) {
            Frames.write(buf, p.type, p.lsn, syncedNow, p.payload, p.length);
        }
        buf.flip();
        file.write(position, buf);
        position += size;
        synchronized (lock) {
            written = group.get(group.size() - 1).lsn;
            segmentBytes = position;
            if (syncDelayNanos > 0) {
                lock.notifyAll();
            }
        }
        if (syncDelayNanos > 0) {
            acknowledgedNow();
        }
    }

    private void sync() throws IOException {
        long through;
        synchronized (lock) {
            through = written;
        }
        file.force();
        lastSyncNanos = System.nanoTime();
        synchronized (lock) {
            synced = Math.max(synced, through);
            syncs++;
            lock.notifyAll();
        }
        if (syncDelayNanos == 0) {
            acknowledgedNow();
        }
    }

    /** Writes and syncs what is queued, then stops; the segment is closed. */
    @Override
    public void close() {
        synchronized (lock) {
            closing = true;
            lock.notifyAll();
        }
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            file.close();
        } catch (IOException e) {
            poison("close of " + segmentName(segmentSeq) + " failed: " + e.getMessage());
        }
    }
}
