package dev.spindle.cli.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.spindle.cli.ConnectionOptions;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ShellOptionsTest {
    @Test
    void historyFileFromOptionVariableOrHome() {
        assertEquals(Path.of("/x/h"), ShellOptions.historyFile(Path.of("/x/h"), Map.of("SPINDLE_HISTORY", "/y")));
        assertEquals(Path.of("/y"), ShellOptions.historyFile(null, Map.of("SPINDLE_HISTORY", "/y", "HOME", "/home/u")));
        assertEquals(Path.of("/home/u/.spindle_history"), ShellOptions.historyFile(null, Map.of("HOME", "/home/u")));
        assertNull(ShellOptions.historyFile(Path.of("none"), Map.of()));
        assertNull(ShellOptions.historyFile(null, Map.of("SPINDLE_HISTORY", "")));
    }

    @Test
    void pagerFromTheEnvironmentOrLessOnThePath(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        assertEquals("most", ShellOptions.pagerCommand(Map.of("SPINDLE_PAGER", "most", "PAGER", "more")));
        assertEquals("more", ShellOptions.pagerCommand(Map.of("PAGER", "more")));
        assertNull(ShellOptions.pagerCommand(Map.of("SPINDLE_PAGER", "", "PAGER", "more")), "empty: the built-in pager");
        assertNull(ShellOptions.pagerCommand(Map.of("PATH", dir.toString())), "no less: the built-in pager");
        Path less = java.nio.file.Files.createFile(dir.resolve("less"));
        assertNull(ShellOptions.pagerCommand(Map.of("PATH", dir.toString())), "a less that cannot run is no less");
        assertEquals(true, less.toFile().setExecutable(true));
        assertEquals(ShellOptions.LESS, ShellOptions.pagerCommand(Map.of("PATH", "/nonexistent" + java.io.File.pathSeparator + dir)));
    }

    @Test
    void promptLabelsFromUrls() {
        assertEquals("spindle", label("jdbc:spindle:mem:"));
        assertEquals("sales", label("jdbc:spindle:mem:sales;workers=2"));
        assertEquals("test", label("jdbc:h2:mem:test"));
        assertEquals("db", label("jdbc:postgresql://localhost:5432/db?ssl=false"));
        assertEquals("h2", label("jdbc:h2:mem:"));
    }

    private static String label(String url) {
        return new ConnectionOptions(url, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty()).label();
    }
}
