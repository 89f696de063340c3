package dev.spindle.cli.shell;

import dev.spindle.cli.exec.Pager;
import dev.spindle.cli.format.TextWidth;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.jline.terminal.Attributes;
import org.jline.terminal.Terminal;
import org.jline.utils.NonBlockingReader;

/**
 * The interactive shell's pager, as psql's: output that fits on the screen (its lines, wrapped
 * at the terminal's width, leave a row for the prompt) is printed as it is; taller output, or
 * lines wider than the screen when a pager command is set, goes to the pager command
 * ({@code less -SRFX} by default, see {@link ShellOptions#pagerCommand}) with the terminal handed
 * over to it, or, without a command (or when it cannot be run), to a built-in pager:
 *
 * <pre>
 * -- More -- lines 1-39 of 200 (Space: next page, Enter: next line, q: quit)
 * </pre>
 *
 * <p>Thread-safety: used by the shell's thread only, between lines read (when nothing else
 * reads the terminal).
 */
final class ScreenPager implements Pager {
    private static final Pattern ANSI = Pattern.compile("\u001b\\[[0-9;?]*[ -/]*[@-~]");
    private static final int ESC = 27;
    private static final int CTRL_C = 3;
    private static final int CTRL_D = 4;

    private final Terminal terminal;
    private final boolean color;
    /** The pager command, run by {@code sh -c}; null: the built-in pager. */
    private String command;

    ScreenPager(Terminal terminal, String command, boolean color) {
        this.terminal = java.util.Objects.requireNonNull(terminal, "terminal");
        this.command = command == null || command.isBlank() ? null : command;
        this.color = color;
    }

    @Override
    public void show(String text, PrintWriter screen) {
        List<String> lines = lines(text);
        int rows = terminal.getHeight();
        int columns = terminal.getWidth();
        boolean wide = command != null && columns > 0 && lines.stream().anyMatch(l -> width(l) > columns);
        if (rows <= 2 || (!wide && screenRows(lines, columns) < rows)) {
            screen.print(text);
            screen.flush();
            return;
        }
        if (command != null && external(text, screen)) {
            return;
        }
        builtIn(lines, screen, rows, columns);
    }

    /**
     * Runs the pager command with the text on its standard input and the terminal handed over
     * to it; false when it could not be run (then the built-in pager is used from now on).
     */
    private boolean external(String text, PrintWriter screen) {
        screen.flush();
        Process p;
        try {
            terminal.pause(true);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        try {
            try {
                p = new ProcessBuilder("sh", "-c", command)
                        .redirectOutput(ProcessBuilder.Redirect.INHERIT)
                        .redirectError(ProcessBuilder.Redirect.INHERIT)
                        .start();
            } catch (IOException e) {
                return giveUp(screen, e.getMessage());
            }
            try (OutputStream in = p.getOutputStream()) {
                in.write(text.getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                // the pager quit before reading everything (q in less): what it showed is enough
            }
            int status;
            try {
                status = p.waitFor();
            } catch (InterruptedException e) {
                p.destroy();
                Thread.currentThread().interrupt();
                return true;
            }
            // 126, 127: the shell could not find or run the command (it said why on stderr)
            if (status == 126 || status == 127) {
                return giveUp(screen, "exit status " + status);
            }
            return true;
        } finally {
            terminal.resume();
        }
    }

    private boolean giveUp(PrintWriter screen, String why) {
        screen.println("spindle: cannot run the pager '" + command + "' (" + why + "); using the built-in one");
        screen.flush();
        command = null;
        return false;
    }

    /** The built-in pager: a screen at a time, then a line or a screen per key, until q. */
    private void builtIn(List<String> lines, PrintWriter screen, int rows, int columns) {
        Attributes saved = terminal.getAttributes();
        Attributes keys = new Attributes(saved);
        // each key as it is pressed, not echoed; Ctrl-C arrives as a key (it quits the pager)
        keys.setLocalFlags(EnumSet.of(Attributes.LocalFlag.ICANON, Attributes.LocalFlag.ECHO,
                Attributes.LocalFlag.ISIG, Attributes.LocalFlag.IEXTEN), false);
        keys.setInputFlags(EnumSet.of(Attributes.InputFlag.ICRNL, Attributes.InputFlag.INLCR,
                Attributes.InputFlag.IXON), false);
        keys.setControlChar(Attributes.ControlChar.VMIN, 1);
        keys.setControlChar(Attributes.ControlChar.VTIME, 0);
        terminal.setAttributes(keys);
        NonBlockingReader reader = terminal.reader();
        try {
            int page = rows - 1;
            int budget = page;
            int next = 0;
            while (true) {
                do {
                    screen.println(lines.get(next));
                    budget -= rowsOf(lines.get(next), columns);
                    next++;
                } while (next < lines.size() && budget >= rowsOf(lines.get(next), columns));
                if (next >= lines.size()) {
                    break;
                }
                screen.print(more(next, lines.size(), columns));
                screen.flush();
                int key = reader.read();
                if (key == ESC) {
                    // an escape sequence: the down arrow goes on a line, any other key a page
                    StringBuilder seq = new StringBuilder();
                    while (reader.peek(30) >= 0) {
                        seq.append((char) reader.read());
                    }
                    key = seq.toString().endsWith("B") ? '\n' : ' ';
                }
                screen.print("\r\u001b[K");
                if (key < 0 || key == 'q' || key == 'Q' || key == CTRL_C || key == CTRL_D) {
                    break;
                }
                budget = key == '\r' || key == '\n' || key == 'j' ? 1 : page;
            }
        } catch (IOException e) {
            // the terminal went away: the shell notices at its next read
        } finally {
            terminal.setAttributes(saved);
            screen.flush();
        }
    }

    private String more(int shown, int total, int columns) {
        String text = String.format(Locale.ROOT,
                "-- More -- lines 1-%d of %d (Space: next page, Enter: next line, q: quit)", shown, total);
        if (columns > 1 && text.length() >= columns) {
            text = text.substring(0, columns - 1);
        }
        return color ? "\u001b[7m" + text + "\u001b[0m" : text;
    }

    /** The lines of {@code text}, without the break after the last. */
    static List<String> lines(String text) {
        List<String> out = new ArrayList<>(List.of(text.split("\n", -1)));
        if (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) {
            out.remove(out.size() - 1);
        }
        return out;
    }

    /** The screen rows {@code lines} take on a terminal {@code columns} wide (wrapping long ones). */
    static int screenRows(List<String> lines, int columns) {
        int n = 0;
        for (String l : lines) {
            n += rowsOf(l, columns);
        }
        return n;
    }

    private static int rowsOf(String line, int columns) {
        int w = width(line);
        return columns <= 0 || w <= columns ? 1 : (w + columns - 1) / columns;
    }

    private static int width(String line) {
        return TextWidth.of(ANSI.matcher(line).replaceAll(""));
    }
}
