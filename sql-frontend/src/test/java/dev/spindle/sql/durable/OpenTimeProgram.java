package dev.spindle.sql.durable;

import dev.spindle.compute.controller.RuntimeMode;
import dev.spindle.sql.Database;
import dev.spindle.sql.Prepared;
import dev.spindle.sql.Session;
import dev.spindle.sql.StatementResult;
import dev.spindle.storage.durable.DurableStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Measures file mode's open: creates (if absent) a database of {@code ROWS} rows {@code (k, v)}
 * with one index on {@code k}, optionally checkpointed, then opens it again and times open and
 * the first indexed query. Not a test (no timed assertions); run by hand:
 * {@code java -cp ... dev.spindle.sql.durable.OpenTimeProgram DIR ROWS checkpoint|log [opens]}.
 *
 * <p>Thread-safety: a program, one thread.
 */
public final class OpenTimeProgram {
    private OpenTimeProgram() {
    }

    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime();
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int rows = Integer.parseInt(args[1]);
        boolean checkpoint = args[2].equals("checkpoint");
        int opens = args.length > 3 ? Integer.parseInt(args[3]) : 1;
        if (!Files.exists(dir)) {
            long start = System.nanoTime();
            try (Database db = Database.open(dir, RuntimeMode.SPLIT, 1, DurableStore.Options.DEFAULT);
                 Session s = db.session()) {
                s.execute("CREATE TABLE t (k INTEGER NOT NULL, v INTEGER NOT NULL)");
                Prepared insert = s.prepare("INSERT INTO t VALUES (?, ?)");
                List<List<Object>> batch = new ArrayList<>();
                for (int k = 0; k < rows; k++) {
                    batch.add(List.of(k, k * 7));
                    if (batch.size() == 50_000) {
                        s.executeBatch(insert, batch);
                        batch.clear();
                    }
                }
                if (!batch.isEmpty()) {
                    s.executeBatch(insert, batch);
                }
                s.execute("CREATE INDEX t_k ON t (k)");
                if (checkpoint) {
                    s.execute("CHECKPOINT");
                }
            }
            System.out.printf("created %d rows in %.2f s%n", rows, (System.nanoTime() - start) / 1e9);
        }
        for (int i = 0; i < opens; i++) {
            long start = System.nanoTime();
            long cpu0 = cpu();
            try (Database db = Database.open(dir, RuntimeMode.SPLIT, 1, DurableStore.Options.DEFAULT);
                 Session s = db.session()) {
                long opened = System.nanoTime();
                StatementResult r = s.execute("SELECT v FROM t WHERE k = " + (rows / 2));
                long first = System.nanoTime();
                System.out.printf("open %.2f s, first indexed query %.2f s after open, total %.2f s (cpu %.2f s): %s%n",
                        (opened - start) / 1e9, (first - opened) / 1e9, (first - start) / 1e9, (cpu() - cpu0) / 1e9,
                        ((StatementResult.Rows) r).rows());
                OpenTimes t = ((FileDurability) db.coordinator().durability()).openTimes().orElseThrow();
                System.out.printf("  recover %.2f s, catalog %.2f s, %d snapshot rows in %.2f s, indexes %.2f s, "
                                + "%d log records (%d rows) committed in %.2f s (%.0f rows/s), log statements %.2f s%n",
                        t.recoverNanos() / 1e9, t.catalogNanos() / 1e9, t.snapshotRows(), t.snapshotNanos() / 1e9,
                        t.indexNanos() / 1e9, t.logRecords(), t.logRows(), t.logCommitNanos() / 1e9,
                        t.logRows() / Math.max(1e-9, t.logCommitNanos() / 1e9), t.logStatementNanos() / 1e9);
            }
        }
    }
}
