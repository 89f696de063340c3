package dev.spindle.sqllogictest.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Finds the files to run: a file argument is taken as it is, a folder contributes every
 * {@code .test} and {@code .slt} file below it, in path order. Thread-safe: static functions.
 */
public final class ScriptFiles {

    private ScriptFiles() {
    }

    /** Whether a file name has one of the extensions searched for in folders. */
    public static boolean isScriptName(String fileName) {
        return fileName.endsWith(".test") || fileName.endsWith(".slt");
    }

    /**
     * The files named by {@code path}: the path itself if it is not a folder (it need not exist;
     * reading it will report the problem), otherwise the script files below it, named by their path
     * under {@code path} prefixed with {@code path} as given.
     *
     * @throws IOException if a folder cannot be listed
     */
    public static List<ScriptFile> expand(Path path) throws IOException {
        if (!Files.isDirectory(path)) {
            return List.of(new ScriptFile(path, slashes(path.toString())));
        }
        List<ScriptFile> files = new ArrayList<>();
        for (Path file : under(path)) {
            files.add(new ScriptFile(file, slashes(path.resolve(path.relativize(file)).toString())));
        }
        return files;
    }

    /**
     * The script files below {@code folder}, named by their path relative to it
     * ({@code evidence/in1.test}); used where names must not depend on where the folder is.
     */
    public static List<ScriptFile> relativeTo(Path folder) throws IOException {
        List<ScriptFile> files = new ArrayList<>();
        for (Path file : under(folder)) {
            files.add(new ScriptFile(file, slashes(folder.relativize(file).toString())));
        }
        return files;
    }

    private static List<Path> under(Path folder) throws IOException {
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(Files::isRegularFile)
                    .filter(p -> isScriptName(p.getFileName().toString()))
                    .sorted()
                    .collect(Collectors.toList());
        }
    }

    private static String slashes(String path) {
        return path.replace('\\', '/');
    }
}
