package dev.spindle.sqllogictest.format;

import java.util.List;
import java.util.Objects;

/**
 * A parsed sqllogictest file.
 *
 * @param name    the file's name, for reports
 * @param style   the dialect of the file, which sets the default hash threshold
 * @param records the top-level records in file order (loop bodies are inside their loops)
 */
public record Script(String name, ScriptStyle style, List<Record> records) {
    public Script {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(style, "style");
        records = List.copyOf(records);
    }

    /** The number of statement and query records, counting loop bodies once. */
    public static int countStatementsAndQueries(List<Record> records) {
        int count = 0;
        for (Record record : records) {
            if (record instanceof StatementRecord || record instanceof QueryRecord) {
                count++;
            } else if (record instanceof LoopRecord loop) {
                count += countStatementsAndQueries(loop.body());
            }
        }
        return count;
    }
}
