package dev.spindle.cli.shell;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.regex.Pattern;
import org.jline.terminal.Size;
import org.jline.terminal.impl.LineDisciplineTerminal;

/**
 * A JLine terminal with no device behind it, for driving the shell in tests: what is "typed"
 * goes through the terminal's line discipline (so Ctrl-C raises SIGINT as a tty would), and
 * what the shell writes is kept, with its ANSI escapes, for reading.
 */
final class VirtualTerminal implements AutoCloseable {
    private static final Pattern ANSI = Pattern.compile("\u001b\\[[0-9;?]*[ -/]*[@-~]|\u001b[()][0-9A-Za-z]|\u001b[=>]|\r");

    private final ByteArrayOutputStream screen = new ByteArrayOutputStream();
    final LineDisciplineTerminal terminal;

    VirtualTerminal(int columns, int rows) throws IOException {
        OutputStream out = new OutputStream() {
            @Override
            public void write(int b) {
                synchronized (screen) {
                    screen.write(b);
                }
            }

            @Override
            public void write(byte[] b, int off, int len) {
                synchronized (screen) {
                    screen.write(b, off, len);
                }
            }
        };
        terminal = new LineDisciplineTerminal("virtual", "xterm-256color", out, StandardCharsets.UTF_8);
        terminal.setSize(new Size(columns, rows));
    }

    /** Types {@code keys} (may hold control characters: {@code \t} Tab, {@code \r} Enter, {@code \u0003} Ctrl-C). */
    void type(String keys) throws IOException {
        terminal.processInputBytes(keys.getBytes(StandardCharsets.UTF_8));
    }

    /** Everything written so far, raw. */
    String raw() {
        synchronized (screen) {
            return screen.toString(StandardCharsets.UTF_8);
        }
    }

    /** Everything written so far, without escape sequences and carriage returns. */
    String text() {
        return ANSI.matcher(raw()).replaceAll("");
    }

    /** Waits until the text written after {@code from} characters holds {@code needle}; returns where it ends. */
    int await(String needle, int from, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            String t = text();
            int at = t.indexOf(needle, Math.min(from, t.length()));
            if (at >= 0) {
                return at + needle.length();
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no '" + needle + "' on the screen after " + timeout + "; it shows:\n"
                        + t.substring(Math.min(from, t.length())));
            }
            Thread.sleep(20);
        }
    }

    @Override
    public void close() throws IOException {
        terminal.close();
    }
}
