package dev.spindle.compute.arrangement.trace;

import java.net.URL;
import java.net.URLClassLoader;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import org.jetbrains.lincheck.Lincheck;
import org.jetbrains.lincheck.LincheckSettings;

/**
 * Runs a concurrent scenario under Lincheck's model checker (which explores thread interleavings
 * deterministically, switching threads at shared-memory accesses and monitor operations), with the
 * compute module's {@code assert}s switched off.
 *
 * <p>Lincheck's model checker emulates monitors instead of taking them, so
 * {@code assert Thread.holdsLock(lock)} (as in {@link SharedTrace}'s hold bookkeeping) fails under
 * it although the code holds the lock. Surefire runs every test with {@code -ea}, and a class's
 * assertion status is fixed when the class is initialized, so the test class and the compute
 * classes it reaches are loaded afresh, child first, by a loader whose assertions are off. Only
 * {@code dev.spindle.compute} classes are reloaded; everything else (Lincheck, JUnit, common) comes
 * from the parent.
 *
 * <p>Lincheck's public {@code Lincheck.runConcurrentTest} bounds every loop at 50 iterations and
 * reports a longer one as a livelock; formatting a refused reader's error message is such a loop.
 * So this calls the same entry point with that bound raised ({@code runConcurrentTestInternal},
 * public in the bytecode, Kotlin-internal; the version is pinned in the root pom).
 *
 * <p>Thread-safety: checks may run from any thread; the shared loader is created under the class's
 * monitor and never closed (it lives as long as the test JVM).
 */
public final class ModelChecking {
    private static final String RELOADED = "dev.spindle.compute.";
    private static ChildFirst loader; // guarded by ModelChecking.class

    private ModelChecking() {
    }

    /**
     * Runs a new {@code scenario} (a {@link Runnable} with a public no-argument constructor that
     * starts its threads, joins them and asserts) under Lincheck's model checker for
     * {@code invocations} interleavings, with {@code scenario} and the compute classes reloaded
     * without assertions.
     */
    public static void check(int invocations, Class<? extends Runnable> scenario) {
        try {
            Runnable reloaded = (Runnable) Class.forName(scenario.getName(), true, loaderFor(scenario))
                    .getDeclaredConstructor().newInstance();
            // Lincheck's defaults (analyze the JDK, 10 loop iterations before a switch, recursion 20),
            // but a loop may run 10k times before it counts as a livelock
            LincheckSettings settings = new LincheckSettings(true, 10, 10_000, 20);
            Lincheck.runConcurrentTestInternal$lincheck(invocations, settings, reloaded);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * One loader for every scenario of this JVM (so Lincheck instruments the reloaded classes once),
     * over the code sources of the compute classes and of {@code scenario}.
     */
    private static synchronized ClassLoader loaderFor(Class<?> scenario) {
        List<URL> urls = new ArrayList<>();
        for (Class<?> c : List.of(scenario, SharedTrace.class)) {
            CodeSource src = c.getProtectionDomain().getCodeSource();
            if (src == null) {
                throw new IllegalStateException("no code source for " + c);
            }
            urls.add(src.getLocation());
        }
        if (loader == null || !List.of(loader.getURLs()).containsAll(urls)) {
            for (URL u : loader == null ? List.<URL>of() : List.of(loader.getURLs())) {
                if (!urls.contains(u)) {
                    urls.add(u);
                }
            }
            loader = new ChildFirst(urls.stream().distinct().toArray(URL[]::new), scenario.getClassLoader());
            loader.setDefaultAssertionStatus(false);
            loader.setPackageAssertionStatus("dev.spindle", false);
        }
        return loader;
    }

    private static final class ChildFirst extends URLClassLoader {
        ChildFirst(URL[] urls, ClassLoader parent) {
            super(urls, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith(RELOADED)) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    try {
                        c = findClass(name);
                    } catch (ClassNotFoundException notHere) {
                        c = super.loadClass(name, false);
                    }
                }
                if (resolve) {
                    resolveClass(c);
                }
                return c;
            }
        }
    }
}
