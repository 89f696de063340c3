package dev.spindle.sql.durable;

import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.sql.Database;
import dev.spindle.sql.Prepared;
import dev.spindle.sql.Session;
import dev.spindle.storage.durable.DurableStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Measures file mode's synced commits: {@code THREADS} sessions each commit single-row prepared
 * INSERTs (auto-commit, acknowledged once synced) for {@code SECONDS} seconds into a fresh database
 * in {@code DIR}; prints commits per second and syncs per commit (below 1: group commit). Not a
 * test (no timed assertions); run by hand:
 * {@code java -cp ... dev.spindle.sql.durable.CommitRateProgram DIR THREADS SECONDS}.
 *
 * <p>Thread-safety: a program; each thread has its own session.
 */
public final class CommitRateProgram {
    private CommitRateProgram() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int threads = Integer.parseInt(args[1]);
        double seconds = Double.parseDouble(args[2]);
        if (Files.exists(dir)) {
            throw new IllegalArgumentException(dir + " exists: give a fresh directory");
        }
        try (Database db = Database.open(dir, RuntimeMode.SPLIT, 1, DurableStore.Options.DEFAULT)) {
            try (Session s = db.session()) {
                s.execute("CREATE TABLE t (k INTEGER NOT NULL, v INTEGER NOT NULL)");
                s.execute("CREATE INDEX t_k ON t (k)");
            }
            FileDurability durability = (FileDurability) db.coordinator().durability();
            AtomicLong commits = new AtomicLong();
            long syncsBefore = durability.syncs();
            long deadline = System.nanoTime() + (long) (seconds * 1e9);
            long start = System.nanoTime();
            List<Thread> workers = new ArrayList<>();
            for (int w = 0; w < threads; w++) {
                int id = w;
                Thread t = new Thread(() -> {
                    try (Session s = db.session()) {
                        Prepared insert = s.prepare("INSERT INTO t VALUES (?, ?)");
                        for (int i = 0; System.nanoTime() < deadline; i++) {
                            s.execute(insert, List.<Object>of(i * threads + id, i));
                            commits.incrementAndGet();
                        }
                    }
                }, "committer-" + w);
                workers.add(t);
                t.start();
            }
            for (Thread t : workers) {
                t.join();
            }
            double elapsed = (System.nanoTime() - start) / 1e9;
            long n = commits.get();
            long syncs = durability.syncs() - syncsBefore;
            System.out.printf("%d thread(s): %d commits in %.2f s = %.0f commits/s, %d syncs (%.2f per commit)%n",
                    threads, n, elapsed, n / elapsed, syncs, (double) syncs / n);
        }
    }
}
