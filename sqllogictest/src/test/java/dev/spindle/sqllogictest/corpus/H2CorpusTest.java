package dev.spindle.sqllogictest.corpus;

import dev.spindle.sqllogictest.engine.EngineSpec;
import dev.spindle.sqllogictest.engine.KnownEngines;

/** SQLite's corpus on H2 in PostgreSQL mode, labelled {@code postgresql}: the figures Spindle is held to. */
class H2CorpusTest extends CorpusBaselineTest {

    @Override
    EngineSpec engine() {
        return KnownEngines.H2;
    }

    @Override
    String baselineName() {
        return "h2";
    }
}
