package dev.spindle.cli.exec;

/**
 * Told when a statement starts and ends, on the thread that runs it: the interactive shell
 * shows progress and refreshes its completion names with it.
 */
public interface StatementListener {
    /** A listener that does nothing. */
    StatementListener NONE = new StatementListener() {
        @Override
        public void started(String sql) {
        }

        @Override
        public void finished(String sql, boolean ok) {
        }
    };

    /** {@code sql} is about to be sent. */
    void started(String sql);

    /** {@code sql} finished, successfully or not; called before anything about it is printed. */
    void finished(String sql, boolean ok);
}
