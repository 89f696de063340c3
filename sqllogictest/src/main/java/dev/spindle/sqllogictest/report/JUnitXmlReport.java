package dev.spindle.sqllogictest.report;

import dev.spindle.sqllogictest.run.Failure;
import dev.spindle.sqllogictest.run.FileResult;
import dev.spindle.sqllogictest.run.RunSummary;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * Writes a run as JUnit XML: a {@code <testsuite>} named after the engine, one {@code <testcase>}
 * per file (class name {@code sqllogictest.<engine>}), failing if any record failed (the first
 * failures are in the body), skipped if a {@code require} skipped it, in error if it could not be
 * run. Thread-safe: static functions.
 */
public final class JUnitXmlReport {

    /** At most this many failures are written out per file. */
    static final int MAX_FAILURES_PER_FILE = 50;

    private JUnitXmlReport() {
    }

    /**
     * Writes {@code summary} to {@code file}, replacing it.
     *
     * @param suite the test suite's name, e.g. the engine's
     */
    public static void write(Path file, String suite, RunSummary summary) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (OutputStream out = Files.newOutputStream(file)) {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            writeSuite(xml, suite, summary);
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static void writeSuite(XMLStreamWriter xml, String suite, RunSummary summary) throws XMLStreamException {
        long failures = summary.results().stream().filter(r -> r.failed() > 0 || !r.malformed().isEmpty()).count();
        long skipped = summary.results().stream().filter(r -> r.status() == FileResult.Status.SKIPPED).count();
        xml.writeStartElement("testsuite");
        xml.writeAttribute("name", clean(suite));
        xml.writeAttribute("tests", Integer.toString(summary.results().size()));
        xml.writeAttribute("failures", Long.toString(failures));
        xml.writeAttribute("errors", Long.toString(summary.errors()));
        xml.writeAttribute("skipped", Long.toString(skipped));
        xml.writeAttribute("time", seconds(summary.elapsed()));
        xml.writeCharacters("\n");
        for (FileResult result : summary.results()) {
            writeCase(xml, suite, result);
        }
        xml.writeStartElement("system-out");
        xml.writeCharacters(summary.line());
        xml.writeEndElement();
        xml.writeCharacters("\n");
        xml.writeEndElement();
        xml.writeCharacters("\n");
    }

    private static void writeCase(XMLStreamWriter xml, String suite, FileResult result) throws XMLStreamException {
        xml.writeStartElement("testcase");
        xml.writeAttribute("classname", "sqllogictest." + suite.replaceAll("[^A-Za-z0-9_]", "_"));
        xml.writeAttribute("name", clean(result.file()));
        xml.writeAttribute("time", seconds(result.elapsed()));
        if (result.status() == FileResult.Status.ERROR) {
            xml.writeStartElement("error");
            xml.writeAttribute("message", clean(result.note()));
            xml.writeEndElement();
        } else if (result.failed() > 0 || !result.malformed().isEmpty()) {
            xml.writeStartElement("failure");
            xml.writeAttribute("message", result.failed() + " of " + (result.passed() + result.failed())
                    + " records failed" + (result.malformed().isEmpty() ? ""
                    : ", " + result.malformed().size() + " malformed"));
            xml.writeAttribute("type", "sqllogictest");
            xml.writeCharacters(clean(failureDetails(result)));
            xml.writeEndElement();
        } else if (result.status() == FileResult.Status.SKIPPED) {
            xml.writeStartElement("skipped");
            xml.writeAttribute("message", clean(result.note()));
            xml.writeEndElement();
        }
        xml.writeStartElement("system-out");
        xml.writeCharacters(RunSummary.counts(result.passed(), result.failed(), result.skipped(),
                result.malformed().size(), result.unsupported().size())
                + (result.note().isEmpty() ? "" : " (" + clean(result.note()) + ")"));
        xml.writeEndElement();
        xml.writeEndElement();
        xml.writeCharacters("\n");
    }

    private static String failureDetails(FileResult result) {
        StringBuilder text = new StringBuilder();
        for (Failure problem : result.malformed()) {
            text.append(FailureText.of(problem));
        }
        int shown = Math.min(result.failures().size(), MAX_FAILURES_PER_FILE);
        for (Failure failure : result.failures().subList(0, shown)) {
            text.append(FailureText.of(failure));
        }
        if (result.failures().size() > shown) {
            text.append("... ").append(result.failures().size() - shown).append(" more failures\n");
        }
        return text.toString();
    }

    private static String seconds(Duration duration) {
        return String.format(Locale.ROOT, "%.3f", duration.toNanos() / 1e9);
    }

    /** Replaces characters XML 1.0 cannot carry (control characters, lone surrogates) by '?'. */
    static String clean(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean ok = c == '\t' || c == '\n' || c == '\r' || (c >= 0x20 && c <= 0xFFFD && !Character.isSurrogate(c))
                    || (Character.isHighSurrogate(c) && i + 1 < text.length()
                        && Character.isLowSurrogate(text.charAt(i + 1)))
                    || (Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(text.charAt(i - 1)));
            if (!ok && out == null) {
                out = new StringBuilder(text.length()).append(text, 0, i);
            }
            if (out != null) {
                out.append(ok ? c : '?');
            }
        }
        return out == null ? text : out.toString();
    }
}
