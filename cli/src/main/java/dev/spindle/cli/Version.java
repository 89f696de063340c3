package dev.spindle.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine;

/**
 * The shell's version, filtered from the Maven project version into
 * {@code spindle-cli.properties} at build time, and what {@code --version} prints.
 *
 * <p>Thread-safety: immutable.
 */
public final class Version implements CommandLine.IVersionProvider {
    /** The project version, e.g. {@code 0.1.0-SNAPSHOT}. */
    public static final String VERSION = load();

    @Override
    public String[] getVersion() {
        return new String[] {
            "spindle " + VERSION,
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"
        };
    }

    private static String load() {
        try (InputStream in = Version.class.getResourceAsStream("spindle-cli.properties")) {
            if (in == null) {
                throw new IllegalStateException("spindle-cli.properties is missing from the shell's jar");
            }
            Properties p = new Properties();
            p.load(in);
            String v = p.getProperty("version", "").trim();
            if (v.isEmpty() || v.startsWith("${")) {
                throw new IllegalStateException("spindle-cli.properties was not filtered: " + v);
            }
            return v;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
