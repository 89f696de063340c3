package dev.spindle.sqllogictest.corpus;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.spindle.sqllogictest.run.FileResult;

/**
 * A checked-in baseline: per corpus file, how many records an engine passes. The TSV has a
 * header line and then {@code file, passed, failed, skipped}; only {@code passed} is enforced, the
 * other columns are there to read.
 */
final class Baseline {

    static final String HEADER = "file\tpassed\tfailed\tskipped";

    private Baseline() {
    }

    /** Reads {@code /baseline/<name>.tsv} from the test class path: file to passed count. */
    static Map<String, Integer> load(String name) {
        String resource = "/baseline/" + name + ".tsv";
        try (InputStream in = Baseline.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("baseline " + resource + " is missing from src/test/resources");
            }
            Map<String, Integer> passed = new LinkedHashMap<>();
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            for (String line : text.split("\n")) {
                if (line.isBlank() || line.startsWith("file\t") || line.startsWith("#")) {
                    continue;
                }
                String[] fields = line.split("\t");
                passed.put(fields[0], Integer.parseInt(fields[1].trim()));
            }
            return passed;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes observed results in the baseline's format, for copying over the checked-in file. */
    static void write(Path file, List<FileResult> results) {
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        for (FileResult r : results) {
            text.append(r.file()).append('\t').append(r.passed()).append('\t').append(r.failed()).append('\t')
                    .append(r.skipped()).append('\n');
        }
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
