package dev.spindle.sqllogictest.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.sqllogictest.run.Failure;
import dev.spindle.sqllogictest.run.FileResult;
import dev.spindle.sqllogictest.run.RunSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class JUnitXmlReportTest {

    @TempDir
    Path dir;

    @Test
    void controlCharactersAndMarkupSurvive() throws Exception {
        Failure failure = new Failure("a.test", 3, "SELECT '\u0001<x>'", "wrong result", "a\u0000b", "\uD800",
                Failure.ReferenceVerdict.NONE, "");
        FileResult failed = new FileResult("a.test", FileResult.Status.RAN, 1, 1, 0, Duration.ofMillis(5),
                List.of(failure), List.of(), "");
        FileResult error = FileResult.error("b.test", Duration.ZERO, "cannot read b.test: \u0007 bell");
        Path xml = dir.resolve("r.xml");
        JUnitXmlReport.write(xml, "sqlite", new RunSummary(List.of(failed, error), Duration.ofMillis(6), false));
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
        Element suite = doc.getDocumentElement();
        assertEquals("2", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
        assertEquals("1", suite.getAttribute("errors"));
        String body = doc.getElementsByTagName("failure").item(0).getTextContent();
        assertTrue(body.contains("SELECT '?<x>'"), body);
        assertTrue(body.contains("a?b"), body);
        assertEquals("cannot read b.test: ? bell",
                ((Element) doc.getElementsByTagName("error").item(0)).getAttribute("message"));
        assertTrue(Files.readString(xml).startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
    }

    @Test
    void cleanKeepsValidText() {
        assertEquals("tab\tnew\nline \uD83D\uDE00 \u00e9", JUnitXmlReport.clean("tab\tnew\nline \uD83D\uDE00 \u00e9"));
        assertEquals("?a?", JUnitXmlReport.clean("\u0000a\uFFFE"));
    }
}
