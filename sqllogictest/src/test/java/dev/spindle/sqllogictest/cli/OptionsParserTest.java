package dev.spindle.sqllogictest.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class OptionsParserTest {

    private static String usageError(String... args) {
        return assertThrows(UsageException.class, () -> OptionsParser.parse(args)).getMessage();
    }

    @Test
    void everyOption() throws UsageException {
        Options o = OptionsParser.parse("--engine", "h2", "--url", "jdbc:h2:mem:x{n}", "--label", "pg",
                "--reference=sqlite", "--verbose", "--junit-xml", "out/r.xml", "--fail-fast", "--hash-threshold",
                "0", "--timeout=30", "a.test", "dir");
        assertEquals(Optional.of("h2"), o.engine());
        assertEquals(Optional.of("jdbc:h2:mem:x{n}"), o.url());
        assertEquals(Optional.of("pg"), o.label());
        assertEquals(Optional.of("sqlite"), o.reference());
        assertTrue(o.verbose());
        assertEquals(Optional.of(Path.of("out/r.xml")), o.junitXml());
        assertTrue(o.failFast());
        assertEquals(OptionalInt.of(0), o.hashThreshold());
        assertEquals(30, o.timeoutSeconds());
        assertEquals(List.of(Path.of("a.test"), Path.of("dir")), o.paths());
        assertFalse(o.help());
    }

    @Test
    void defaults() throws UsageException {
        Options o = OptionsParser.parse("--url", "jdbc:sqlite::memory:", "x.test");
        assertEquals(Optional.empty(), o.engine());
        assertEquals(Optional.empty(), o.label());
        assertEquals(OptionalInt.empty(), o.hashThreshold());
        assertEquals(0, o.timeoutSeconds());
        assertFalse(o.verbose() || o.failFast());
    }

    @Test
    void doubleDashEndsOptions() throws UsageException {
        Options o = OptionsParser.parse("--engine", "sqlite", "--", "--odd-name.test");
        assertEquals(List.of(Path.of("--odd-name.test")), o.paths());
    }

    @Test
    void helpNeedsNothingElse() throws UsageException {
        assertTrue(OptionsParser.parse("--help").help());
    }

    @Test
    void mistakesAreExplained() {
        assertEquals("no files or folders to run", usageError("--engine", "h2"));
        assertEquals("say which engine to run: --engine h2|sqlite|spindle, --url JDBC-URL or --compare E1,E2",
                usageError("x.test"));
        assertEquals("--compare names the engines to run: leave out --engine, --url and --reference",
                usageError("--compare", "h2,sqlite", "--engine", "h2", "x.test"));
        assertEquals("--compare needs distinct engine names separated by commas, got 'h2,,sqlite'",
                usageError("--compare", "h2,,sqlite", "x.test"));
        assertEquals("--url needs a value", usageError("x.test", "--url"));
        assertEquals("unknown option --colour (see --help)", usageError("x.test", "--engine", "h2", "--colour"));
        assertEquals("unknown option --colour (see --help)", usageError("--colour", "x", "x.test"));
        assertEquals("unknown option -v (options start with --; see --help)", usageError("-v", "x.test"));
        assertEquals("--verbose takes no value", usageError("--verbose=yes", "x.test"));
        assertEquals("--hash-threshold needs a non-negative integer, got '-1'",
                usageError("--engine", "h2", "--hash-threshold", "-1", "x.test"));
        assertEquals("--timeout needs a non-negative integer, got 'soon'",
                usageError("--engine", "h2", "--timeout", "soon", "x.test"));
        assertEquals("--label needs a non-empty value", usageError("--label=", "x.test"));
    }
}
