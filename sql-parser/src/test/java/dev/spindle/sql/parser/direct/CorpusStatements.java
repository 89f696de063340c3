package dev.spindle.sql.parser.direct;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The SQL texts of the sqllogictest corpus's records (statements and queries), distinct, in file
 * order: read line by line as SQLite's format lays them out (a record's first line, then its SQL
 * up to {@code ----} or a blank line; {@code #} lines dropped).
 */
final class CorpusStatements {
    private CorpusStatements() {
    }

    /** The corpus folder: {@code slt.corpus.dir}, else {@code ../../shared/slt/sqlite}. */
    static Path folder() {
        return Paths.get(System.getProperty("slt.corpus.dir", "../../shared/slt/sqlite"));
    }

    static List<String> read(Path folder) {
        Set<String> out = new LinkedHashSet<>();
        List<Path> files;
        try (Stream<Path> s = Files.walk(folder)) {
            files = s.filter(p -> p.toString().endsWith(".test")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (Path file : files) {
            List<String> lines;
            try {
                lines = Files.readAllLines(file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            StringBuilder sql = null;
            for (String line : lines) {
                if (line.startsWith("#")) {
                    continue;
                }
                if (sql == null) {
                    if (line.startsWith("statement ") || line.startsWith("query ")) {
                        sql = new StringBuilder();
                    }
                    continue;
                }
                if (line.isBlank() || line.equals("----")) {
                    if (sql.length() > 0) {
                        out.add(sql.toString());
                    }
                    sql = null;
                    continue;
                }
                if (sql.length() > 0) {
                    sql.append('\n');
                }
                sql.append(line);
            }
            if (sql != null && sql.length() > 0) {
                out.add(sql.toString());
            }
        }
        return new ArrayList<>(out);
    }
}
