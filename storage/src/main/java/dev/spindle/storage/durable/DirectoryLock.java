package dev.spindle.storage.durable;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;

/**
 * The exclusive claim of one process on a database directory: an OS lock
 * ({@link FileChannel#tryLock()}) on {@code PATH/LOCK}, which the kernel releases when the process
 * dies however it dies, so a kill -9 leaves no stale lock. The file holds the holder's pid and start
 * time, for the message only. Inside one JVM a registry of held directories refuses a second open
 * (the OS lock is per process, and closing any channel on the file would release it).
 *
 * <p>Thread-safety: {@link #acquire} and {@link #close} may be called from any thread.
 */
public final class DirectoryLock implements AutoCloseable {
    private static final Set<Path> HELD = new HashSet<>();

    private final Path dir;
    private final FileChannel channel;
    private final FileLock lock;

    private DirectoryLock(Path dir, FileChannel channel, FileLock lock) {
        this.dir = dir;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Locks {@code dir} (which must exist) at once, without waiting.
     *
     * @throws SpindleException {@link ErrorCode#DATABASE_IN_USE_2} (55006) if another process or
     *     this one holds it; {@link ErrorCode#DATABASE_IO_ERROR_2} if the lock file cannot be used
     */
    public static DirectoryLock acquire(Path dir) {
        Path canonical;
        try {
            canonical = dir.toRealPath();
        } catch (IOException e) {
            throw new SpindleException(ErrorCode.DATABASE_IO_ERROR_2, "open database " + dir, e.getMessage());
        }
        synchronized (HELD) {
            if (HELD.contains(canonical)) {
                throw new SpindleException(ErrorCode.DATABASE_IN_USE_2, canonical,
                        "this process (pid " + ProcessHandle.current().pid() + ")");
            }
            Path file = canonical.resolve("LOCK");
            FileChannel ch = null;
            try {
                ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
                FileLock l;
                try {
                    l = ch.tryLock();
                } catch (OverlappingFileLockException e) {
                    l = null;
                }
                if (l == null) {
                    ByteBuffer b = ByteBuffer.allocate(256);
                    ch.read(b, 0);
                    String holder = new String(b.array(), 0, b.position(), StandardCharsets.UTF_8).trim();
                    ch.close();
                    throw new SpindleException(ErrorCode.DATABASE_IN_USE_2, canonical,
                            "another process" + (holder.isEmpty() ? "" : " (" + holder + ")"));
                }
                ch.truncate(0);
                ch.write(ByteBuffer.wrap(("pid " + ProcessHandle.current().pid() + " since " + Instant.now() + "\n")
                        .getBytes(StandardCharsets.UTF_8)), 0);
                HELD.add(canonical);
                return new DirectoryLock(canonical, ch, l);
            } catch (IOException e) {
                if (ch != null) {
                    try {
                        ch.close();
                    } catch (IOException ignored) {
                        // the open failed already
                    }
                }
                throw new SpindleException(ErrorCode.DATABASE_IO_ERROR_2, "lock " + file, e.getMessage());
            }
        }
    }

    /** The locked directory. */
    public Path directory() {
        return dir;
    }

    /** Releases the lock. Idempotent. */
    @Override
    public void close() {
        synchronized (HELD) {
            if (!channel.isOpen()) {
                return;
            }
            try {
                lock.release();
                channel.close();
            } catch (IOException e) {
                // closing the channel releases the lock in any case
            }
            HELD.remove(dir);
        }
    }
}
