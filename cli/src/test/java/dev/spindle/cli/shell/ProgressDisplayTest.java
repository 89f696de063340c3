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
        String line = ProgressDisplay.line(new ProgressSnapshot("CREATE INDEX i", 520_000, 1_000_000), 100);
        assertEquals("CREATE INDEX i [###############-------------]   52%  520,000 of 1,000,000 records  (Ctrl-C cancels)",
                line);
        String narrow = ProgressDisplay.line(new ProgressSnapshot("CREATE INDEX i", 5, 10), 40);
        assertTrue(narrow.length() < 40, narrow);
        assertFalse(narrow.contains("["), "no room for a bar: " + narrow);
        assertEquals("CREATE INDEX v  1,234 records  (Ctrl-C cancels)",
                ProgressDisplay.line(new ProgressSnapshot("CREATE INDEX v", 1234, -1), 100));
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
