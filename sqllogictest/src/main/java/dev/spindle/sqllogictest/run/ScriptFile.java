package dev.spindle.sqllogictest.run;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A file to run.
 *
 * @param path the file
 * @param name how reports name it
 */
public record ScriptFile(Path path, String name) {
    public ScriptFile {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(name, "name");
    }
}
