package dev.spindle.cli.shell;

import java.nio.file.Path;
import java.util.Map;

/**
 * How the interactive shell is set up.
 *
 * @param label   the database's name in the prompt
 * @param url     the JDBC URL, for the banner and errors
 * @param history the history file, or null for no persistent history
 * @param color   whether to highlight and style output
 * @param warmUp  whether to run a throwaway query in the background at start, so that the first
 *                real one does not pay for loading the planner (Spindle)
 */
public record ShellOptions(String label, String url, Path history, boolean color, boolean warmUp) {
    public ShellOptions {
        java.util.Objects.requireNonNull(label, "label");
        java.util.Objects.requireNonNull(url, "url");
    }

    /**
     * The history file: {@code option} if given, else {@code $SPINDLE_HISTORY} if set, else
     * {@code .spindle_history} in {@code $HOME} (the JVM's {@code user.home} when unset); null
     * when the option or the variable is {@code none} or empty.
     */
    public static Path historyFile(Path option, Map<String, String> env) {
        String chosen = option != null ? option.toString() : env.get("SPINDLE_HISTORY");
        if (chosen == null) {
            String home = env.get("HOME");
            return Path.of(home == null || home.isEmpty() ? System.getProperty("user.home") : home, ".spindle_history");
        }
        return chosen.isEmpty() || chosen.equals("none") ? null : Path.of(chosen);
    }
}
