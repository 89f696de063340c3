package dev.spindle.sqllogictest.corpus;

import dev.spindle.sqllogictest.engine.EngineSpec;
import dev.spindle.sqllogictest.engine.KnownEngines;

/**
 * The runner's own correctness test: SQLite's corpus on SQLite, labelled {@code sqlite}, must
 * pass every record except those whose expectation comes from SQLite's C harness (listed in the
 * module README); the baseline holds exactly that.
 */
class SqliteCorpusTest extends CorpusBaselineTest {

    @Override
    EngineSpec engine() {
        return KnownEngines.SQLITE;
    }

    @Override
    String baselineName() {
        return "sqlite";
    }
}
