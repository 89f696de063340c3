package dev.spindle.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jline.utils.InfoCmp;

/**
 * Opens the terminal the shell runs in, without the processes JLine would otherwise start on
 * the way to the prompt (each costs a fork of the JVM, a good tenth of a second on a busy
 * machine): JLine's JNI provider alone answers whether the streams are a terminal (no
 * {@code test -t}), and the terminal's capabilities come from a cache (no {@code infocmp} for a
 * terminal type JLine has no copy of, such as tmux's {@code tmux-256color}). When the JNI
 * provider cannot serve (a platform without its native library), JLine chooses as it would.
 *
 * <p>The cache is a directory the launcher names ({@code -Dspindle.cache.dir}, next to the jar, so
 * a rebuild empties it); without one, nothing is cached.
 *
 * <p>Thread-safety: {@link #open} is called once, by the thread starting the shell.
 */
final class SystemTerminal {
    /** The system property naming the cache directory. */
    static final String CACHE_PROPERTY = "spindle.cache.dir";

    private SystemTerminal() {
    }

    /** The system terminal. */
    static Terminal open() throws IOException {
        String type = System.getenv("TERM");
        String dir = System.getProperty(CACHE_PROPERTY);
        Path cached = dir == null || dir.isEmpty() || type == null || !type.matches("[A-Za-z0-9._+-]+")
                ? null : Path.of(dir, "terminfo-" + type);
        boolean hadCache = false;
        if (cached != null) {
            try {
                InfoCmp.setLoadedInfoCmp(type, Files.readString(cached, StandardCharsets.UTF_8));
                hadCache = true;
            } catch (IOException | RuntimeException e) {
                // not cached yet (or unreadable): JLine asks infocmp, and the answer is cached below
            }
        }
        Terminal terminal = null;
        try {
            terminal = TerminalBuilder.builder().system(true).name("spindle").provider("jni").dumb(false).build();
        } catch (IOException | RuntimeException e) {
            // no JNI provider here
        }
        if (terminal == null) {
            terminal = TerminalBuilder.builder().system(true).name("spindle").build();
        }
        if (cached != null && !hadCache) {
            save(cached, type);
        }
        return terminal;
    }

    /** Writes what JLine loaded for {@code type}, if anything, to the cache (whole or not at all). */
    private static void save(Path cached, String type) {
        String caps = InfoCmp.getLoadedInfoCmp(type);
        if (caps == null || caps.isBlank()) {
            return;
        }
        try {
            Files.createDirectories(cached.getParent());
            Path tmp = Files.createTempFile(cached.getParent(), "terminfo-", ".tmp");
            Files.writeString(tmp, caps, StandardCharsets.UTF_8);
            Files.move(tmp, cached, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            // no cache: the next start asks infocmp again
        }
    }
}
