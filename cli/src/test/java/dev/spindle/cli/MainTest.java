package dev.spindle.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayInputStream;
import java.io.PrintStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The plain command lines Main reads without picocli are read as picocli reads them. */
class MainTest {
    private static final Io IO = new Io(new ByteArrayInputStream(new byte[0]), new PrintStream(PrintStream.nullOutputStream()),
            new PrintStream(PrintStream.nullOutputStream()), false);

    private static Main.Parsed picocli(String... args) {
        picocli.CommandLine cl = Main.commandLine(IO);
        cl.parseArgs(args);
        return ((Main) cl.getCommand()).parsed();
    }

    @Test
    void plainLinesReadAsPicocliReadsThem() {
        List<String[]> lines = List.of(
                new String[] {},
                new String[] {"-c", "select 1"},
                new String[] {"--command", "select 1; select 2", "-f", "x.sql", "-c", "\\d"},
                new String[] {"--file", "-", "--url", "jdbc:h2:mem:", "--no-color"},
                new String[] {"--url", "jdbc:spindle:mem:a", "--url", "jdbc:spindle:mem:b", "-c", ""},
                new String[] {"-f", "a b.sql", "--no-color", "--no-color"});
        for (String[] args : lines) {
            Main plain = Main.plain(args, IO);
            assertNotNull(plain, String.join(" ", args));
            assertEquals(picocli(args), plain.parsed(), String.join(" ", args));
        }
    }

    @Test
    void everythingElseGoesToPicocli() {
        for (String[] args : List.of(new String[] {"--help"}, new String[] {"--version"}, new String[] {"slt", "x"},
                new String[] {"-c"}, new String[] {"-c", "--help"}, new String[] {"--url=jdbc:h2:mem:"},
                new String[] {"-cselect 1"}, new String[] {"--format", "csv", "-c", "select 1"},
                new String[] {"--workers", "2"}, new String[] {"-f", "-x"}, new String[] {"x.sql"})) {
            assertNull(Main.plain(args, IO), String.join(" ", args));
        }
    }
}
