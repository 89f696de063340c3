package dev.spindle.storage.durable;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@link FileIO} on a real directory with {@link FileChannel}s: {@code force(false)} (fdatasync on
 * Linux, which also makes a grown length durable) and a directory sync by forcing a channel opened
 * on the directory (as Lucene does; a no-op where the platform refuses it).
 *
 * <p>Thread-safe: holds no state but the directory.
 */
public final class NioFileIO implements FileIO {
    private final Path dir;

    /** Files in {@code dir}, which must exist. */
    public NioFileIO(Path dir) {
        this.dir = dir;
    }

    @Override
    public Handle open(String name, boolean create) throws IOException {
        FileChannel ch = create
                ? FileChannel.open(dir.resolve(name), StandardOpenOption.CREATE, StandardOpenOption.READ,
                        StandardOpenOption.WRITE)
                : FileChannel.open(dir.resolve(name), StandardOpenOption.READ, StandardOpenOption.WRITE);
        return new Handle() {
            @Override
            public long size() throws IOException {
                return ch.size();
            }

            @Override
            public void write(long position, ByteBuffer src) throws IOException {
                long p = position;
                while (src.hasRemaining()) {
                    p += ch.write(src, p);
                }
            }

            @Override
            public int read(long position, ByteBuffer dst) throws IOException {
                return ch.read(dst, position);
            }

            @Override
            public void force() throws IOException {
                ch.force(false);
            }

            @Override
            public void truncate(long size) throws IOException {
                ch.truncate(size);
            }

            @Override
            public void close() throws IOException {
                ch.close();
            }
        };
    }

    @Override
    public boolean exists(String name) {
        return Files.exists(dir.resolve(name));
    }

    @Override
    public List<String> list() throws IOException {
        List<String> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.forEach(p -> out.add(p.getFileName().toString()));
        }
        return out;
    }

    @Override
    public void rename(String from, String to) throws IOException {
        Files.move(dir.resolve(from), dir.resolve(to), StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
    }

    @Override
    public void delete(String name) throws IOException {
        try {
            Files.delete(dir.resolve(name));
        } catch (NoSuchFileException e) {
            // already gone
        }
    }

    @Override
    public void syncDirectory() throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            if (System.getProperty("os.name", "").startsWith("Windows")) {
                return; // Windows cannot open a directory as a channel; its renames are durable on their own
            }
            throw e;
        }
    }

    @Override
    public String describe(String name) {
        return dir.resolve(name).toString();
    }
}
