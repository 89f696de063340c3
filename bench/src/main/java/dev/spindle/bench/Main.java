package dev.spindle.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The benchmark's command: starts the measuring JVM ({@link Driver}) with {@link BenchJvm#FLAGS}
 * and this JVM's class path, passes the arguments on, and exits with its status. The launcher
 * itself measures nothing, so its own (Maven-chosen) settings do not matter.
 *
 * <p>Thread-safety: a program entry point, run once.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(BenchJvm.FLAGS);
        command.add("-classpath");
        command.add(System.getProperty("java.class.path"));
        command.add(Driver.class.getName());
        command.addAll(Arrays.asList(args));
        Process child = new ProcessBuilder(command).inheritIO().start();
        System.exit(child.waitFor());
    }
}
