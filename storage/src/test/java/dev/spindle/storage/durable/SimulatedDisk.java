package dev.spindle.storage.durable;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A power-loss simulator behind {@link FileIO} (after SQLite's crash VFS and H2's
 * FilePathReorderWrites): files live in memory; a write is visible at once but durable only after
 * a force of its file, a create, rename or delete only after a directory sync. Every mutating
 * operation is counted; at operation {@code crashAt} the power fails: that operation and every one
 * after it throws. {@link #afterCrash} then builds the disk a reboot would find, with the unsynced
 * writes dropped, kept, torn or garbage-filled per a {@link Loss} model and a random suffix of the
 * unsynced directory operations lost.
 *
 * <p>Thread-safe: every method is synchronized.
 */
final class SimulatedDisk implements FileIO {
    static final int SECTOR = 512;

    /** What happens to writes that were not synced when the power failed. */
    enum Loss {
        /** All of them are lost. */
        DROP,
        /** Each is kept or lost on its own (reordering). */
        REORDER,
        /** Each is kept, lost or cut at a random byte. */
        TORN,
        /** Each sector of each is written, lost or filled with garbage. */
        GARBAGE
    }

    /** A growable byte array. */
    private static final class Buf {
        byte[] a = new byte[256];
        int len;

        void write(long pos, byte[] b) {
            int end = (int) pos + b.length;
            if (end > a.length) {
                a = Arrays.copyOf(a, Math.max(end, a.length * 2));
            }
            System.arraycopy(b, 0, a, (int) pos, b.length);
            len = Math.max(len, end);
        }

        void truncate(long size) {
            if (size < len) {
                Arrays.fill(a, (int) size, len, (byte) 0);
                len = (int) size;
            }
        }

        byte[] copy() {
            return Arrays.copyOf(a, len);
        }

        static Buf of(byte[] b) {
            Buf out = new Buf();
            out.write(0, b);
            return out;
        }
    }

    private static final class Inode {
        Buf data = new Buf();
        Buf durable = new Buf();
        final List<Object> pending = new ArrayList<>(); // Write or Long (a truncation)
    }

    private record Write(long pos, byte[] bytes) {
    }

    private record DirOp(String from, String to, Inode inode) {
        // create: (null, name, inode); rename: (from, to, null); delete: (name, null, null)
    }

    private final Map<String, Inode> names = new HashMap<>();
    private Map<String, Inode> durableNames = new HashMap<>();
    private final List<DirOp> dirOps = new ArrayList<>();
    private final long crashAt;
    private long ops;
    private boolean crashed;
    private long syncs;
    private boolean failNextSync;

    /** A fresh, empty disk that fails at operation {@code crashAt} (never if {@code Long.MAX_VALUE}). */
    SimulatedDisk(long crashAt) {
        this.crashAt = crashAt;
    }

    synchronized long operations() {
        return ops;
    }

    synchronized boolean crashed() {
        return crashed;
    }

    /** The next force fails (as fsync does on a write-back error); the disk goes on working. */
    synchronized void failNextSync() {
        failNextSync = true;
    }

    synchronized long syncs() {
        return syncs;
    }

    private void op(String what) throws IOException {
        if (crashed) {
            throw new IOException("power lost (before " + what + ")");
        }
        ops++;
        if (ops >= crashAt) {
            crashed = true;
            throw new IOException("power lost during " + what);
        }
    }

    private void checkAlive() throws IOException {
        if (crashed) {
            throw new IOException("power lost");
        }
    }

    @Override
    public synchronized Handle open(String name, boolean create) throws IOException {
        checkAlive();
        Inode inode = names.get(name);
        if (inode == null) {
            if (!create) {
                throw new java.nio.file.NoSuchFileException(name);
            }
            op("create " + name);
            inode = new Inode();
            names.put(name, inode);
            dirOps.add(new DirOp(null, name, inode));
        }
        Inode file = inode;
        return new Handle() {
            @Override
            public long size() throws IOException {
                synchronized (SimulatedDisk.this) {
                    checkAlive();
                    return file.data.len;
                }
            }

            @Override
            public void write(long position, ByteBuffer src) throws IOException {
                synchronized (SimulatedDisk.this) {
                    op("write " + name);
                    byte[] b = new byte[src.remaining()];
                    src.get(b);
                    file.data.write(position, b);
                    file.pending.add(new Write(position, b));
                }
            }

            @Override
            public int read(long position, ByteBuffer dst) throws IOException {
                synchronized (SimulatedDisk.this) {
                    checkAlive();
                    if (position >= file.data.len) {
                        return -1;
                    }
                    int n = (int) Math.min(dst.remaining(), file.data.len - position);
                    dst.put(file.data.a, (int) position, n);
                    return n;
                }
            }

            @Override
            public void force() throws IOException {
                synchronized (SimulatedDisk.this) {
                    op("sync " + name);
                    if (failNextSync) {
                        failNextSync = false;
                        throw new IOException("Input/output error (injected)");
                    }
                    for (Object p : file.pending) {
                        if (p instanceof Write w) {
                            file.durable.write(w.pos(), w.bytes());
                        } else {
                            file.durable.truncate((Long) p);
                        }
                    }
                    file.pending.clear();
                    syncs++;
                }
            }

            @Override
            public void truncate(long size) throws IOException {
                synchronized (SimulatedDisk.this) {
                    op("truncate " + name);
                    file.data.truncate(size);
                    file.pending.add(size);
                }
            }

            @Override
            public void close() {
            }
        };
    }

    private static byte[] apply(byte[] data, long pos, byte[] b) {
        int end = (int) pos + b.length;
        byte[] out = end > data.length ? Arrays.copyOf(data, end) : data;
        System.arraycopy(b, 0, out, (int) pos, b.length);
        return out;
    }

    @Override
    public synchronized boolean exists(String name) throws IOException {
        checkAlive();
        return names.containsKey(name);
    }

    @Override
    public synchronized List<String> list() throws IOException {
        checkAlive();
        return new ArrayList<>(names.keySet());
    }

    @Override
    public synchronized void rename(String from, String to) throws IOException {
        op("rename " + from + " to " + to);
        Inode inode = names.remove(from);
        if (inode == null) {
            throw new java.nio.file.NoSuchFileException(from);
        }
        names.put(to, inode);
        dirOps.add(new DirOp(from, to, null));
    }

    @Override
    public synchronized void delete(String name) throws IOException {
        op("delete " + name);
        if (names.remove(name) != null) {
            dirOps.add(new DirOp(name, null, null));
        }
    }

    @Override
    public synchronized void syncDirectory() throws IOException {
        op("sync directory");
        durableNames = new HashMap<>(names);
        dirOps.clear();
        syncs++;
    }

    @Override
    public String describe(String name) {
        return "sim/" + name;
    }

    /** The disk after a reboot: what was durable, plus what {@code loss} lets through of the rest. */
    synchronized SimulatedDisk afterCrash(Loss loss, Random random) {
        Map<String, Inode> ns = new LinkedHashMap<>(durableNames);
        int keptDirOps = loss == Loss.DROP ? 0 : random.nextInt(dirOps.size() + 1);
        for (int i = 0; i < keptDirOps; i++) {
            DirOp d = dirOps.get(i);
            if (d.from() == null) {
                ns.put(d.to(), d.inode());
            } else if (d.to() == null) {
                ns.remove(d.from());
            } else {
                Inode inode = ns.remove(d.from());
                if (inode != null) {
                    ns.put(d.to(), inode);
                }
            }
        }
        SimulatedDisk out = new SimulatedDisk(Long.MAX_VALUE);
        Map<Inode, Inode> copies = new HashMap<>();
        for (Map.Entry<String, Inode> e : ns.entrySet()) {
            Inode copy = copies.computeIfAbsent(e.getValue(), inode -> {
                Inode c = new Inode();
                byte[] b = survive(inode, loss, random);
                c.data = Buf.of(b);
                c.durable = Buf.of(b);
                return c;
            });
            out.names.put(e.getKey(), copy);
        }
        out.durableNames = new HashMap<>(out.names);
        return out;
    }

    private static byte[] survive(Inode inode, Loss loss, Random random) {
        byte[] data = inode.durable.copy();
        for (Object p : inode.pending) {
            if (p instanceof Long size) {
                if (loss != Loss.DROP && random.nextBoolean() && size < data.length) {
                    data = Arrays.copyOf(data, (int) (long) size);
                }
                continue;
            }
            Write w = (Write) p;
            switch (loss) {
                case DROP:
                    break;
                case REORDER:
                    if (random.nextBoolean()) {
                        data = apply(data, w.pos(), w.bytes());
                    }
                    break;
                case TORN: {
                    int r = random.nextInt(3);
                    if (r == 1) {
                        data = apply(data, w.pos(), w.bytes());
                    } else if (r == 2 && w.bytes().length > 0) {
                        data = apply(data, w.pos(), Arrays.copyOf(w.bytes(), random.nextInt(w.bytes().length)));
                    }
                    break;
                }
                case GARBAGE: {
                    for (int s = 0; s < w.bytes().length; s += SECTOR) {
                        int len = Math.min(SECTOR, w.bytes().length - s);
                        int r = random.nextInt(3);
                        if (r == 1) {
                            data = apply(data, w.pos() + s, Arrays.copyOfRange(w.bytes(), s, s + len));
                        } else if (r == 2) {
                            byte[] junk = new byte[len];
                            random.nextBytes(junk);
                            data = apply(data, w.pos() + s, junk);
                        }
                    }
                    break;
                }
                default:
                    throw new AssertionError(loss);
            }
        }
        return data;
    }

    /** Bytes of {@code name} as reads see them (tests that damage files). */
    synchronized byte[] bytes(String name) {
        return names.get(name).data.copy();
    }

    /** Replaces the content of {@code name}, durably (tests that damage files). */
    synchronized void replace(String name, byte[] data) {
        Inode i = names.get(name);
        i.data = Buf.of(data);
        i.durable = Buf.of(data);
        i.pending.clear();
    }
}
