package dev.spindle.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ArchiveTrainingTest {
    private static long trainingDirectories() throws IOException {
        try (Stream<Path> tmp = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return tmp.filter(p -> p.getFileName().toString().startsWith("spindle-archive-training")).count();
        }
    }

    @Test
    void fileModeTrainingReopensItsDatabaseAndLeavesNothingBehind() throws IOException {
        long before = trainingDirectories();
        assertTrue(ArchiveTraining.fileMode(), "the throwaway database was written, checkpointed and read back");
        assertEquals(before, trainingDirectories());
    }
}
