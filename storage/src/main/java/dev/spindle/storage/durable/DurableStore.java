package dev.spindle.storage.durable;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.update.Update;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A database directory: recovery on open, the log (group commit, {@link LogWriter}), checkpoints.
 *
 * <p>Files: {@code LOCK} (see {@link DirectoryLock}), {@code log-NNNNNNNNNN.wal} segments of
 * {@link Frames frames}, one per transaction or catalog change; {@code snap-NNNNNNNNNN-KEY.snp},
 * one consolidated snapshot per table per checkpoint; {@code MANIFEST}, naming the checkpoint's
 * snapshots and catalog and where replay starts. A checkpoint switches the log to a new segment,
 * writes and syncs the snapshots, installs a new manifest by rename (directory synced), and only
 * then deletes the old segments and snapshots, so a crash at any point leaves either the old or the
 * new checkpoint whole.
 *
 * <p>Thread-safety: {@link #append} and {@link #awaitDurable} from any thread (the caller orders
 * appends, e.g. under its write lock); checkpoints one at a time ({@link #beginCheckpoint} fails
 * while one is in progress); {@link #recovered} once, by the opener.
 */
public final class DurableStore implements AutoCloseable {

    /**
     * Tuning.
     *
     * @param syncDelayMillis 0 (the default): a commit is acknowledged once its record is synced;
     *     N &gt; 0 (relaxed): once written, the log synced within N ms, so a kill -9 loses nothing but a
     *     power loss may lose the last N ms of acknowledged commits
     * @param checkpointBytes log bytes after which {@link #checkpointDue()} says a checkpoint is due
     */
    public record Options(long syncDelayMillis, long checkpointBytes) {
        /** Synced commits, a checkpoint every 64 MiB of log. */
        public static final Options DEFAULT = new Options(0, 64L << 20);

        public Options {
            if (syncDelayMillis < 0 || checkpointBytes < 1) {
                throw new IllegalArgumentException("syncDelayMillis >= 0 and checkpointBytes >= 1");
            }
        }
    }

    /**
     * The state recovered on open, to be replayed by the caller in order: the checkpoint's catalog
     * statements, its snapshots, then the log records after it.
     *
     * @param catalog statements recreating the checkpoint's catalog, in order
     * @param snapshots each table's rows (diff = multiplicity) by durable key
     * @param tail the log records after the checkpoint, in commit order
     * @param notices what recovery repaired (a torn tail cut off), for the user
     * @param nextTableKey a durable key no table has used
     */
    public record Recovered(List<LogRecord.DdlEntry> catalog, Map<Long, List<Update>> snapshots, List<LogRecord> tail,
                            List<String> notices, long nextTableKey) {
    }

    /**
     * A checkpoint begun: it covers every record through {@code coveredLsn}; the log goes on in
     * segment {@code segment}.
     *
     * @param number the checkpoint's number
     * @param coveredLsn the last record it includes
     * @param segment the first segment after it
     */
    public record Checkpoint(long number, long coveredLsn, long segment) {
    }

    private final FileIO io;
    private final DirectoryLock lock;
    private final LogWriter writer;
    private final long checkpointBytes;
    private final AtomicBoolean checkpointing = new AtomicBoolean();
    private Recovered recovered;
    private long checkpointNumber;

    private DurableStore(FileIO io, DirectoryLock lock, LogWriter writer, long checkpointBytes, Recovered recovered,
                         long checkpointNumber) {
        this.io = io;
        this.lock = lock;
        this.writer = writer;
        this.checkpointBytes = checkpointBytes;
        this.recovered = recovered;
        this.checkpointNumber = checkpointNumber;
    }

    /**
     * Opens (creating it if need be) the database directory {@code dir}, locked for this process.
     *
     * @throws SpindleException 55006 if another process (or this one) has it open,
     *     {@link ErrorCode#DATABASE_CORRUPTED_3} if it is damaged, 58030 on an I/O error
     */
    public static DurableStore open(Path dir, Options options) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new SpindleException(ErrorCode.DATABASE_IO_ERROR_2, "create database directory " + dir, e.getMessage());
        }
        DirectoryLock lock = DirectoryLock.acquire(dir);
        try {
            return open(new NioFileIO(lock.directory()), lock, options);
        } catch (RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    /** Opens the files of {@code io} (no lock: tests simulating crashes). */
    public static DurableStore open(FileIO io, Options options) {
        return open(io, null, options);
    }

    private static DurableStore open(FileIO io, DirectoryLock lock, Options options) {
        String doing = "recover";
        try {
            Recovery.State s = Recovery.recover(io);
            Recovery.collectGarbage(io, s.manifest());
            doing = "open " + LogWriter.segmentName(s.lastSegment());
            FileIO.Handle file = io.open(LogWriter.segmentName(s.lastSegment()), true);
            if (s.fresh()) {
                io.syncDirectory();
            }
            LogWriter writer = new LogWriter(io, s.lastSegment(), file, s.segmentLength(), s.nextLsn(),
                    options.syncDelayMillis());
            long nextKey = 1;
            for (LogRecord.DdlEntry e : s.manifest().catalog()) {
                nextKey = Math.max(nextKey, e.tableKey() + 1);
            }
            for (LogRecord r : s.tail()) {
                if (r instanceof LogRecord.Catalog c) {
                    for (LogRecord.DdlEntry e : c.statements()) {
                        nextKey = Math.max(nextKey, e.tableKey() + 1);
                    }
                }
            }
            Recovered rec = new Recovered(s.manifest().catalog(), s.snapshots(), s.tail(), s.notices(), nextKey);
            return new DurableStore(io, lock, writer, options.checkpointBytes(), rec, s.manifest().number());
        } catch (IOException e) {
            throw new SpindleException(ErrorCode.DATABASE_IO_ERROR_2, doing + " " + io.describe(""), e.getMessage());
        }
    }

    /** What recovery found; the first call hands it over and later calls return null. */
    public synchronized Recovered recovered() {
        Recovered r = recovered;
        recovered = null;
        return r;
    }

    /**
     * Queues {@code r} as the log's next record and returns its LSN; the caller orders appends.
     *
     * @throws SpindleException {@link ErrorCode#DATABASE_POISONED_1} after an I/O error
     */
    public long append(LogRecord r) {
        return writer.append(r);
    }

    /** The LSN of the last record appended; every record up to it is queued, not necessarily durable. */
    public long appendedThrough() {
        return writer.appended();
    }

    /** The last LSN acknowledged (durable, see {@link Options}); every earlier record is too. */
    public long acknowledgedThrough() {
        return writer.acknowledged();
    }

    /**
     * Calls {@code listener} with the new acknowledged LSN each time it advances, on the log's
     * writer thread (keep it short; it must not append or wait for the log). Set it once, before
     * appending. A record whose write or sync failed is never acknowledged.
     */
    public void onAcknowledged(java.util.function.LongConsumer listener) {
        writer.onAcknowledged(listener);
    }

    /** Waits until record {@code lsn} is acknowledged (durable, see {@link Options}). */
    public void awaitDurable(long lsn) {
        writer.awaitDurable(lsn);
    }

    /** Whether the log since the last checkpoint has grown past the threshold. */
    public boolean checkpointDue() {
        return writer.segmentBytes() >= checkpointBytes && !checkpointing.get();
    }

    /** Syncs issued by the log so far. */
    public long syncs() {
        return writer.syncs();
    }

    /** Why writes stopped, or null if they did not. */
    public String poisoned() {
        return writer.poisoned();
    }

    /**
     * Begins a checkpoint at this point of the log: call where no append can run concurrently
     * (under the caller's write lock), capture the state there, and hand it to
     * {@link #completeCheckpoint} (outside the lock).
     *
     * @throws IllegalStateException if a checkpoint is in progress
     */
    public Checkpoint beginCheckpoint() {
        if (!checkpointing.compareAndSet(false, true)) {
            throw new IllegalStateException("a checkpoint is in progress");
        }
        try {
            LogWriter.Rotation r = writer.rotate();
            synchronized (this) {
                return new Checkpoint(++checkpointNumber, r.covered(), r.seq());
            }
        } catch (RuntimeException e) {
            checkpointing.set(false);
            throw e;
        }
    }

    /**
     * Writes the state captured at {@code c}: the catalog as statements and each table's
     * consolidated rows by durable key; installs it and deletes what it supersedes. An I/O error
     * poisons the store.
     */
    public void completeCheckpoint(Checkpoint c, List<LogRecord.DdlEntry> catalog, Map<Long, List<Update>> tables) {
        String doing = "checkpoint";
        try {
            writer.awaitSegment(c.segment());
            writer.awaitSynced(c.coveredLsn());
            List<Manifest.SnapshotRef> refs = new ArrayList<>();
            for (Map.Entry<Long, List<Update>> e : tables.entrySet()) {
                String name = SnapshotFile.name(c.number(), e.getKey());
                doing = "write " + name;
                SnapshotFile.write(io, name, e.getKey(), e.getValue());
                refs.add(new Manifest.SnapshotRef(e.getKey(), name, e.getValue().size()));
            }
            doing = "sync the directory";
            io.syncDirectory();
            Manifest m = new Manifest(c.number(), c.coveredLsn(), c.segment(), catalog, refs);
            doing = "write " + Manifest.TEMP;
            io.delete(Manifest.TEMP);
            try (FileIO.Handle h = io.open(Manifest.TEMP, true)) {
                ByteBuffer b = m.encode();
                h.write(0, b);
                h.force();
            }
            doing = "install " + Manifest.NAME;
            io.rename(Manifest.TEMP, Manifest.NAME);
            io.syncDirectory();
            doing = "delete superseded files";
            Recovery.collectGarbage(io, m);
        } catch (IOException | RuntimeException e) {
            String reason = e instanceof SpindleException se && se.code() == ErrorCode.DATABASE_POISONED_1
                    ? null : doing + " failed: " + e.getMessage();
            if (reason != null) {
                writer.poison(reason);
            }
            throw e instanceof SpindleException se ? se
                    : new SpindleException(ErrorCode.DATABASE_POISONED_1, writer.poisoned());
        } finally {
            checkpointing.set(false);
        }
    }

    /** Writes and syncs what is queued, closes the log and releases the directory. */
    @Override
    public void close() {
        try {
            writer.close();
        } finally {
            if (lock != null) {
                lock.close();
            }
        }
    }
}
