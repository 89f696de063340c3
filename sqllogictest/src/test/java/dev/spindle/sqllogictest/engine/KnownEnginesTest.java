package dev.spindle.sqllogictest.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class KnownEnginesTest {

    @Test
    void shortcuts() {
        assertEquals("postgresql", KnownEngines.byName("h2").label());
        assertEquals("sqlite", KnownEngines.byName("SQLite").label());
        assertTrue(KnownEngines.byName("h2").urlTemplate().contains("MODE=PostgreSQL"));
    }

    @Test
    void spindleIsItsOwnDriverInMemoryWithPostgresSemantics() {
        assertTrue(KnownEngines.isKnown("spindle"));
        assertEquals("jdbc:spindle:mem:", KnownEngines.byName("spindle").url(1));
        assertEquals("postgresql", KnownEngines.byName("spindle").label());
    }

    @Test
    void unknownEngine() {
        String message = assertThrows(IllegalArgumentException.class, () -> KnownEngines.byName("db2")).getMessage();
        assertEquals("unknown engine 'db2' (known: h2, sqlite, spindle; or give a JDBC URL with --url)", message);
    }

    @Test
    void counterInTheUrl() {
        EngineSpec spec = KnownEngines.forUrl("jdbc:h2:mem:a{n}b{n}", "postgresql");
        assertEquals("jdbc:h2:mem:a7b7", spec.url(7));
        assertEquals("jdbc:sqlite::memory:", KnownEngines.SQLITE.url(3));
        assertThrows(IllegalArgumentException.class, () -> KnownEngines.forUrl("h2:mem:x", "postgresql"));
        assertThrows(IllegalArgumentException.class, () -> KnownEngines.forUrl("jdbc:h2:mem:x", " "));
    }

    @Test
    void statementMethodFollowsTheDriver() {
        assertEquals(StatementMethod.EXECUTE_UPDATE, KnownEngines.SQLITE.statementMethod());
        assertEquals(StatementMethod.EXECUTE_UPDATE, StatementMethod.forUrl("JDBC:SQLITE:/tmp/x.db"));
        assertEquals(StatementMethod.EXECUTE, KnownEngines.H2.statementMethod());
        assertEquals(StatementMethod.EXECUTE, StatementMethod.forUrl("jdbc:spindle:mem:"));
    }
}
