package dev.spindle.storage.durable;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.update.Update;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a database directory on open: the manifest, the snapshots it names and the log segments
 * after it. A bad frame at the end of the last segment that nothing synced after it vouches for
 * is a torn tail (a crash during the last unacknowledged write): it is cut off, with a notice.
 * Anything else that does not check out (a bad frame followed by one written after it was synced,
 * damage in an earlier segment, a snapshot or the manifest, a missing file) refuses to open with
 * {@link ErrorCode#DATABASE_CORRUPTED_3} naming the file and offset.
 *
 * <p>Not thread-safe: used once, by the opening thread.
 */
final class Recovery {
    private static final Pattern SEGMENT = Pattern.compile("log-(\\d{10})\\.wal");
    /** How far past the expected LSN a frame found beyond damage may claim to be. */
    private static final long LSN_WINDOW = 1L << 24;

    /** What the directory holds. */
    record State(Manifest manifest, Map<Long, List<Update>> snapshots, List<LogRecord> tail, long lastSegment,
                 long segmentLength, long nextLsn, List<String> notices, boolean fresh) {
    }

    private Recovery() {
    }

    static State recover(FileIO io) throws IOException {
        List<String> notices = new ArrayList<>();
        List<String> files = io.list();
        Manifest manifest = Manifest.initial();
        if (files.contains(Manifest.NAME)) {
            manifest = readManifest(io);
        }
        TreeMap<Long, String> segments = new TreeMap<>();
        for (String f : files) {
            Matcher m = SEGMENT.matcher(f);
            if (m.matches()) {
                segments.put(Long.parseLong(m.group(1)), f);
            }
        }
        Map<Long, List<Update>> snapshots = new LinkedHashMap<>();
        for (Manifest.SnapshotRef s : manifest.snapshots()) {
            if (!files.contains(s.file())) {
                throw new SpindleException(ErrorCode.DATABASE_CORRUPTED_3, io.describe(s.file()), 0,
                        "the snapshot the manifest names is missing");
            }
            snapshots.put(s.tableKey(), SnapshotFile.read(io, s.file(), s.tableKey()));
        }
        boolean fresh = manifest.number() == 0 && segments.isEmpty();
        List<LogRecord> tail = new ArrayList<>();
        long expected = manifest.coveredLsn() + 1;
        long last = manifest.replaySegment();
        long length = 0;
        if (!fresh) {
            Map<Long, String> replay = segments.tailMap(manifest.replaySegment(), true);
            if (replay.isEmpty() || !replay.containsKey(manifest.replaySegment())) {
                throw new SpindleException(ErrorCode.DATABASE_CORRUPTED_3,
                        io.describe(LogWriter.segmentName(manifest.replaySegment())), 0, "the log segment is missing");
            }
            long seq = manifest.replaySegment();
            for (Map.Entry<Long, String> e : replay.entrySet()) {
                if (e.getKey() != seq) {
                    throw new SpindleException(ErrorCode.DATABASE_CORRUPTED_3,
                            io.describe(LogWriter.segmentName(seq)), 0, "the log segment is missing");
                }
                boolean lastOne = e.getKey().equals(((TreeMap<Long, String>) segments).lastKey());
                byte[] data = io.readAll(e.getValue());
                int[] end = new int[1];
                expected = readSegment(io, e.getValue(), data, expected, lastOne, tail, end, notices);
                last = seq;
                length = end[0];
                seq++;
            }
        }
        return new State(manifest, snapshots, tail, last, length, expected, notices, fresh);
    }

    private static Manifest readManifest(FileIO io) throws IOException {
        byte[] data = io.readAll(Manifest.NAME);
        String[] why = new String[1];
        Frames.Frame f = Frames.read(data, 0, data.length, why);
        if (f == null || f.type() != Frames.MANIFEST || f.end() != data.length) {
            throw new SpindleException(ErrorCode.DATABASE_CORRUPTED_3, io.describe(Manifest.NAME), 0,
                    f == null ? why[0] : "not a single manifest frame");
        }
        try {
            return Manifest.decode(new Bytes.Reader(data, f.payloadOffset(), f.length()));
        } catch (Bytes.Malformed e) {
            throw new SpindleException(ErrorCode.DATABASE_CORRUPTED_3, io.describe(Manifest.NAME), Frames.HEADER,
                    e.getMessage());
        }
    }

    /** Reads one segment's records into {@code out}; returns the next expected LSN. */
    private static long readSegment(FileIO io, String name, byte[] data, long expected, boolean last,
                                    List<LogRecord> out, int[] end, List<String> notices) throws IOException {
        int off = 0;
        String[] why = new String[1];
        while (off < data.length) {
            Frames.Frame f = Frames.read(data, off, data.length, why);
            String problem = null;
            LogRecord r = null;
            if (f == null) {
                problem = why[0];
            } else if (f.lsn() != expected) {
                problem = "record " + f.lsn() + " where record " + expected + " belongs";
            } else {
                try {
                    r = LogRecord.decode(f.type(), new Bytes.Reader(data, f.payloadOffset(), f.length()));
                } catch (Bytes.Malformed e) {
                    problem = e.getMessage();
                }
            }
            if (problem != null) {
                if (!last) {
                    throw new SpindleException(ErrorCode.DATABASE_CORRUPTED_3, io.describe(name), off, problem);
                }
                long witness = syncedWitness(data, off, expected);
                if (witness >= 0) {
                    throw new SpindleException(ErrorCode.DATABASE_CORRUPTED_3, io.describe(name), off,
                            problem + " (record " + witness + " after it was written once this one was synced)");
                }
                try (FileIO.Handle h = io.open(name, false)) {
                    h.truncate(off);
                    h.force();
                }
                notices.add("torn tail of the log truncated: " + io.describe(name) + " at offset " + off + " ("
                        + (data.length - off) + " bytes of an unacknowledged write: " + problem + ")");
                end[0] = off;
                return expected;
            }
            out.add(r);
            expected++;
            off = f.end();
        }
        end[0] = off;
        return expected;
    }

    /**
     * The LSN of a valid frame after {@code from} written when record {@code expected} was already
     * synced, or -1 if there is none (then the damage is in what the last write left unsynced).
     */
    private static long syncedWitness(byte[] data, int from, long expected) {
        String[] why = new String[1];
        for (int p = from + 1; p + Frames.HEADER <= data.length; p++) {
            long lsn = Frames.peekLsn(data, p);
            if (lsn < expected || lsn > expected + LSN_WINDOW) {
                continue;
            }
            Frames.Frame f = Frames.read(data, p, data.length, why);
            if (f != null && f.synced() >= expected) {
                return f.lsn();
            }
        }
        return -1;
    }

    /** Deletes what no longer belongs to the state {@code m} describes: temp files, old segments and snapshots. */
    static void collectGarbage(FileIO io, Manifest m) throws IOException {
        java.util.Set<String> keep = new java.util.HashSet<>();
        for (Manifest.SnapshotRef s : m.snapshots()) {
            keep.add(s.file());
        }
        boolean deleted = false;
        for (String f : io.list()) {
            Matcher seg = SEGMENT.matcher(f);
            boolean garbage = f.endsWith(".tmp")
                    || (f.startsWith("snap-") && f.endsWith(".snp") && !keep.contains(f))
                    || (seg.matches() && Long.parseLong(seg.group(1)) < m.replaySegment());
            if (garbage) {
                io.delete(f);
                deleted = true;
            }
        }
        if (deleted) {
            io.syncDirectory();
        }
    }
}
