package dev.spindle.cli.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressDisplayTest {
    @Test
    void aBarWithPercentAndCountsThatFitsTheTerminal() {
        String line = ProgressDisplay.line(new ProgressSnapshot("CREATE INDEX i", 520_000, 1_000_000), 100, 5_000);
        assertEquals("CREATE INDEX i [###############-------------]   52%  520,000 of 1,000,000 records  (Ctrl-C cancels)",
                line);
        String narrow = ProgressDisplay.line(new ProgressSnapshot("CREATE INDEX i", 5, 10), 40, 0);
        assertTrue(narrow.length() < 40, narrow);
        assertFalse(narrow.contains("["), "no room for a bar: " + narrow);
    }

    @Test
    void withoutATotalASpinnerTheTimeAndTheRecordsSoFar() {
        assertEquals("CREATE INDEX v  |  computing the view, 0 s  (Ctrl-C cancels)",
                ProgressDisplay.line(new ProgressSnapshot("CREATE INDEX v", 0, -1), 100, 0));
        assertEquals("CREATE INDEX v  /  computing the view, 12 s  (Ctrl-C cancels)",
                ProgressDisplay.line(new ProgressSnapshot("CREATE INDEX v", 0, -1), 100, 12_100));
        assertEquals("CREATE INDEX v  -  1,234 records arranged so far, 14 s  (Ctrl-C cancels)",
                ProgressDisplay.line(new ProgressSnapshot("CREATE INDEX v", 1234, -1), 100, 14_200));
        assertFalse(ProgressDisplay.line(new ProgressSnapshot("CREATE INDEX v", 0, -1), 100, 0).contains("["),
                "no bar without a total");
    }

    @Test
    void drawsWhileRunningAndErasesWhenStopped() throws Exception {
        StringWriter screen = new StringWriter();
        AtomicLong done = new AtomicLong();
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        try {
            ProgressDisplay display = new ProgressDisplay(new PrintWriter(screen), () -> 100,
                    () -> Optional.of(new ProgressSnapshot("CREATE INDEX i", done.addAndGet(10), 100)), timer);
            display.start();
            long deadline = System.currentTimeMillis() + 30_000;
            while (!screen.toString().contains("records") && System.currentTimeMillis() < deadline) {
                Thread.sleep(20);
            }
            display.stop();
            String shown = screen.toString();
            assertTrue(shown.contains("CREATE INDEX i ["), shown);
            assertTrue(shown.endsWith("\r\u001b[K"), "the bar is erased: " + shown);
            int length = shown.length();
            Thread.sleep(400);
            assertEquals(length, screen.toString().length(), "nothing is drawn after stop()");
        } finally {
            timer.shutdownNow();
        }
    }
}
