package dev.spindle.jdbc.jar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The self-contained driver jar ({@code spindle-jdbc-VERSION-driver.jar}, built by the shade
 * plugin in {@code package}): a program that uses only {@code java.sql} runs in a fresh JVM whose
 * class path is that jar and the program's class, and prints what it should; the jar holds only
 * Spindle's classes and relocated copies of its dependencies, so a user's own Calcite, Avatica,
 * Guava, Jackson or slf4j on the class path in front of it changes nothing.
 */
class DriverJarIT {
    private static final String PROGRAM = "dev.spindle.jdbc.example.DriverJarExample";

    /** What {@link dev.spindle.jdbc.example.DriverJarExample} prints, line by line. */
    private static final List<String> EXPECTED = List.of(
            "drivers [dev.spindle.jdbc.Driver]",
            "driver dev.spindle.jdbc.Driver Spindle",
            "ddl done",
            "batch inserted 1000",
            "lookup 42 -> v42",
            "lookup 1000 -> v1000",
            "lookup 1001 -> none",
            "in transaction 1002",
            "after commit and rollback 1001 rows, max k 1001",
            "error 23505 2302",
            "error 42P01 4202",
            "error 22012 2201",
            "closed");

    private static Path jar;
    private static Path work;
    private static Path programClasses;

    @BeforeAll
    static void locateJarAndProgram() throws IOException {
        String property = System.getProperty("spindle.driver.jar");
        assertNotNull(property, "spindle.driver.jar is set by the failsafe configuration in jdbc/pom.xml");
        jar = Path.of(property);
        assertTrue(Files.isRegularFile(jar), "the driver jar is built in package: " + jar);
        work = jar.resolveSibling("driver-it");
        deleteTree(work);
        Files.createDirectories(work);

        // the program's class files alone, not the rest of the test classes
        Path testClasses = Path.of(System.getProperty("spindle.test.classes"));
        String packagePath = PROGRAM.substring(0, PROGRAM.lastIndexOf('.')).replace('.', '/');
        String simpleName = PROGRAM.substring(PROGRAM.lastIndexOf('.') + 1);
        programClasses = work.resolve("program");
        Path from = testClasses.resolve(packagePath);
        Path to = programClasses.resolve(packagePath);
        Files.createDirectories(to);
        int copied = 0;
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String name = f.getFileName().toString();
                if (name.equals(simpleName + ".class") || name.startsWith(simpleName + "$")) {
                    Files.copy(f, to.resolve(name));
                    copied++;
                }
            }
        }
        assertTrue(copied > 0, "the example program is compiled with the tests: " + from);
    }

    @Test
    void aProgramRunsWithOnlyTheDriverJar() throws Exception {
        Run run = runProgram("alone", List.of(jar, programClasses));
        assertEquals(EXPECTED, run.stdout(), run.describe());
        assertEquals(List.of(), run.stderr(), "nothing on standard error (slf4j is bound to no-op)");
    }

    @Test
    void usersOwnCopiesOfTheDependenciesDoNotClash() throws Exception {
        // A user's class path with other versions of the libraries the driver is built on, in
        // front of the driver jar; stood in for by empty classes of the names the driver and
        // Calcite link to. Without relocation the driver would link to these and fail.
        Path userSources = work.resolve("user-src");
        Path userClasses = work.resolve("user-classes");
        List<String> names = List.of(
                "org.apache.calcite.avatica.UnregisteredDriver",
                "org.apache.calcite.avatica.AvaticaConnection",
                "org.apache.calcite.sql.SqlNode",
                "org.apache.calcite.rel.RelNode",
                "com.google.common.collect.ImmutableList",
                "com.fasterxml.jackson.databind.ObjectMapper",
                "org.slf4j.LoggerFactory",
                "org.codehaus.janino.ClassBodyEvaluator");
        List<File> sources = new ArrayList<>();
        for (String name : names) {
            int dot = name.lastIndexOf('.');
            Path source = userSources.resolve(name.replace('.', '/') + ".java");
            Files.createDirectories(source.getParent());
            Files.writeString(source, "package " + name.substring(0, dot) + ";\n"
                    + "/** A user's own, different version. */\n"
                    + "public class " + name.substring(dot + 1) + " {\n}\n");
            sources.add(source.toFile());
        }
        compile(sources, userClasses);

        Run run = runProgram("behind-user-classes", List.of(userClasses, jar, programClasses));
        assertEquals(EXPECTED, run.stdout(), run.describe());
        assertEquals(List.of(), run.stderr(), run.describe());
    }

    @Test
    void theJarHoldsOnlySpindlesPackagesAndRegistersOnlyItsDriver() throws IOException {
        List<String> foreign = new ArrayList<>();
        List<String> unwanted = new ArrayList<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            for (Enumeration<? extends ZipEntry> e = file.entries(); e.hasMoreElements(); ) {
                String name = e.nextElement().getName();
                if (name.endsWith(".class") && !name.startsWith("dev/spindle/")) {
                    foreign.add(name);
                }
                if (name.startsWith("META-INF/versions/") || name.endsWith(".SF") || name.endsWith(".DSA")
                        || name.endsWith(".RSA") || name.endsWith("module-info.class")) {
                    unwanted.add(name);
                }
            }
            assertEquals(List.of(), foreign.stream().limit(20).toList(),
                    foreign.size() + " classes outside dev/spindle: a new dependency needs a relocation in jdbc/pom.xml");
            assertEquals(List.of(), unwanted.stream().limit(20).toList(), "signatures, module descriptors, versioned classes");

            assertEquals(List.of("dev.spindle.jdbc.Driver"), serviceLines(file, "java.sql.Driver"));
            // Janino finds its compiler through its (relocated) service file
            assertEquals(List.of("dev.spindle.shaded.org.codehaus.janino.CompilerFactory"),
                    serviceLines(file, "dev.spindle.shaded.org.codehaus.commons.compiler.ICompilerFactory"));
            // the bundled notices and licences, appended where their names collide
            String notice = text(file, "META-INF/NOTICE");
            assertTrue(notice.contains("Apache Calcite") && notice.contains("Jackson"), notice);
            assertTrue(text(file, "META-INF/NOTICE.txt").contains("Apache Commons Lang"));
            assertTrue(text(file, "META-INF/LICENSE").contains("Apache License"));
            String licenseTxt = text(file, "META-INF/LICENSE.txt");
            assertTrue(licenseTxt.contains("Apache License") && licenseTxt.contains("MIT License"));
            Attributes manifest = file.getManifest().getMainAttributes();
            assertFalse(manifest.containsKey(new Attributes.Name("Multi-Release")),
                    "versioned classes are dropped, so the jar is not multi-release");
            assertEquals("dev.spindle.jdbc.driver", manifest.getValue("Automatic-Module-Name"));
        }
    }

    private static List<String> serviceLines(JarFile file, String service) throws IOException {
        return text(file, "META-INF/services/" + service).lines()
                .map(String::strip)
                .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                .toList();
    }

    private static String text(JarFile file, String entry) throws IOException {
        ZipEntry e = file.getEntry(entry);
        assertNotNull(e, entry + " in the driver jar");
        try (InputStream in = file.getInputStream(e)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static void compile(List<File> sources, Path out) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertNotNull(javac, "the build runs on a JDK");
        Files.createDirectories(out);
        List<String> args = new ArrayList<>(List.of("-d", out.toString()));
        sources.forEach(s -> args.add(s.getPath()));
        int rc = javac.run(null, null, null, args.toArray(String[]::new));
        assertEquals(0, rc, "compiling " + sources);
    }

    /** The program's output, exit code and time. */
    private record Run(int exit, List<String> stdout, List<String> stderr, long millis) {
        String describe() {
            return "exit " + exit + " after " + millis + " ms\nstdout:\n" + String.join("\n", stdout)
                    + "\nstderr:\n" + String.join("\n", stderr);
        }
    }

    private static Run runProgram(String label, List<Path> classPath) throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = List.of(java.toString(), "-cp",
                String.join(File.pathSeparator, classPath.stream().map(Path::toString).toList()), PROGRAM);
        ProcessBuilder builder = new ProcessBuilder(command).directory(work.toFile());
        Map<String, String> env = builder.environment();
        // options the launcher would announce on standard error, and a class path it would add
        for (String variable : List.of("JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "CLASSPATH")) {
            env.remove(variable);
        }
        Path out = work.resolve(label + ".stdout.txt");
        Path err = work.resolve(label + ".stderr.txt");
        builder.redirectOutput(out.toFile()).redirectError(err.toFile());
        long start = System.nanoTime();
        Process process = builder.start();
        if (!process.waitFor(180, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail("the program did not end within 180 s (a non-daemon thread left running?): "
                    + Files.readString(out) + Files.readString(err));
        }
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        Run run = new Run(process.exitValue(), Files.readAllLines(out), Files.readAllLines(err), millis);
        System.out.println("DriverJarIT: " + command + " ran in " + millis + " ms");
        assertEquals(0, run.exit(), run.describe());
        return run;
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
