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
 * @param pager   the command (run by {@code sh -c}) that pages results taller than the screen,
 *                or null for the shell's built-in pager
 */
public record ShellOptions(String label, String url, Path history, boolean color, boolean warmUp, String pager) {
    public ShellOptions {
        java.util.Objects.requireNonNull(label, "label");
        java.util.Objects.requireNonNull(url, "url");
    }

    /** The default pager command when neither {@code $SPINDLE_PAGER} nor {@code $PAGER} is set and less is installed. */
    public static final String LESS = "less -SRFX";

    /**
     * The pager command: {@code $SPINDLE_PAGER} if set, else {@code $PAGER} if set, else
     * {@link #LESS} when {@code less} is on the {@code $PATH}; null (the built-in pager) when
     * the variable chosen is empty or there is no less.
     */
    public static String pagerCommand(Map<String, String> env) {
        String chosen = env.containsKey("SPINDLE_PAGER") ? env.get("SPINDLE_PAGER") : env.get("PAGER");
        if (chosen != null) {
            return chosen.isBlank() ? null : chosen;
        }
        String path = env.get("PATH");
        if (path != null) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                if (!dir.isEmpty() && java.nio.file.Files.isExecutable(Path.of(dir, "less"))) {
                    return LESS;
                }
            }
        }
        return null;
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
