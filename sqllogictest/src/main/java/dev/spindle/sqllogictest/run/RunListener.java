package dev.spindle.sqllogictest.run;

/**
 * Told about progress by {@link CorpusRunner}; called on the thread that runs the files, in file
 * order.
 */
public interface RunListener {

    /** A file is about to run. */
    default void fileStarted(ScriptFile file) {
    }

    /** A file has finished (or could not be run). */
    void fileFinished(FileResult result);

    /** The run is over. */
    default void runFinished(RunSummary summary) {
    }
}
