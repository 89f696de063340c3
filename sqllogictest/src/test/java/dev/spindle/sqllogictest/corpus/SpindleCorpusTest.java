package dev.spindle.sqllogictest.corpus;

import dev.spindle.sqllogictest.engine.EngineSpec;
import dev.spindle.sqllogictest.engine.KnownEngines;

/**
 * SQLite's corpus on Spindle (a fresh {@code jdbc:spindle:mem:} database per file, label
 * {@code postgresql}), held to {@code baseline/spindle.tsv}: a change that makes a record fail
 * that passed breaks the build.
 */
class SpindleCorpusTest extends CorpusBaselineTest {

    /** Two files at a time: a file keeps one core busy (planning, and reads evaluated in its thread). */
    @Override
    int parallelism() {
        return 2;
    }

    @Override
    EngineSpec engine() {
        return KnownEngines.SPINDLE;
    }

    @Override
    String baselineName() {
        return "spindle";
    }
}
