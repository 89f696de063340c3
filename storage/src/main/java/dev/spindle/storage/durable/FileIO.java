package dev.spindle.storage.durable;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * The file seam: the only way the durable store touches files, all of them in one flat
 * directory. Production uses {@link NioFileIO}; tests substitute implementations that fail or
 * lose unsynced writes (power-loss simulation).
 *
 * <p>Durability model the store relies on: a write is durable once {@link Handle#force()} on its
 * file returned; a create, rename or delete is durable once {@link #syncDirectory()} returned;
 * {@link #rename} atomically replaces its target.
 *
 * <p>Thread-safety: implementations are safe for use by several threads; one {@link Handle} is
 * used by one thread at a time.
 */
public interface FileIO {

    /** An open file. */
    interface Handle extends AutoCloseable {
        /** Current length in bytes. */
        long size() throws IOException;

        /** Writes all of {@code src} at {@code position}. */
        void write(long position, ByteBuffer src) throws IOException;

        /** Reads up to {@code dst.remaining()} bytes at {@code position}; returns the count, -1 at the end. */
        int read(long position, ByteBuffer dst) throws IOException;

        /** Makes every write so far durable (data and the file's length). */
        void force() throws IOException;

        /** Cuts the file to {@code size} bytes. */
        void truncate(long size) throws IOException;

        @Override
        void close() throws IOException;
    }

    /** Opens {@code name}, creating it (empty) if {@code create} and it does not exist. */
    Handle open(String name, boolean create) throws IOException;

    /** Whether {@code name} exists. */
    boolean exists(String name) throws IOException;

    /** The names of the directory's files. */
    List<String> list() throws IOException;

    /** Renames {@code from} to {@code to}, atomically replacing {@code to}. */
    void rename(String from, String to) throws IOException;

    /** Deletes {@code name} if it exists. */
    void delete(String name) throws IOException;

    /** Makes every create, rename and delete so far durable. */
    void syncDirectory() throws IOException;

    /** Where the files are, for messages. */
    String describe(String name);

    /** Reads the whole of {@code name}. */
    default byte[] readAll(String name) throws IOException {
        try (Handle h = open(name, false)) {
            long size = h.size();
            if (size > Integer.MAX_VALUE - 16) {
                throw new IOException(describe(name) + " is too large to read at once: " + size + " bytes");
            }
            ByteBuffer buf = ByteBuffer.allocate((int) size);
            while (buf.hasRemaining()) {
                if (h.read(buf.position(), buf) < 0) {
                    break;
                }
            }
            byte[] out = new byte[buf.position()];
            buf.flip();
            buf.get(out);
            return out;
        }
    }
}
