package dev.spindle.sql.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.planner.catalog.KeyConstraint;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** PostgreSQL's constraint names: labels, numbering of taken names, 63-byte truncation, redundancy. */
class KeyConstraintsTest {
    private static final String A63 = "a".repeat(63);
    private static final String B63 = "b".repeat(63);

    @Test
    void namesAreCutToSixtyThreeBytesAsPostgresCutsThem() {
        // the figures PostgreSQL 15 gives for these names
        assertEquals("a".repeat(58) + "_pkey", KeyConstraints.choose(A63, List.of(), "pkey", n -> false));
        assertEquals("a".repeat(29) + "_" + "b".repeat(29) + "_key", KeyConstraints.choose(A63, List.of(B63), "key", n -> false));
        assertEquals("t_" + "b".repeat(57) + "_key", KeyConstraints.choose("t", List.of(B63), "key", n -> false));
        // multi-byte characters are never split
        String name = KeyConstraints.objectName("é".repeat(40), null, "pkey");
        assertEquals("é".repeat(29) + "_pkey", name);
    }

    @Test
    void aTakenNameGetsANumberAfterItsLabel() {
        Set<String> taken = Set.of("t_k_key", "t_k_key1");
        assertEquals("t_k_key2", KeyConstraints.choose("t", List.of("k"), "key", taken::contains));
        assertEquals("t_a_b_key", KeyConstraints.choose("t", List.of("a", "b"), "key", taken::contains));
    }

    @Test
    void theKeyComesFirstAndRedundantConstraintsGo() {
        RelationDesc desc = new RelationDesc(List.of(new Column("a", ColumnType.of(TypeKind.INTEGER)),
                new Column("b", ColumnType.of(TypeKind.INTEGER))));
        List<KeyConstraint> keys = KeyConstraints.of("t", desc, List.of(
                new KeyConstraints.Spec(null, false, List.of(0)),
                new KeyConstraints.Spec(null, false, List.of(0)),
                new KeyConstraints.Spec("named", false, List.of(0)),
                new KeyConstraints.Spec(null, false, List.of(1, 0)),
                new KeyConstraints.Spec(null, true, List.of(0, 1))), n -> false);
        assertEquals(List.of(new KeyConstraint("t_pkey", true, List.of(0, 1)), new KeyConstraint("named", false, List.of(0)),
                new KeyConstraint("t_b_a_key", false, List.of(1, 0))), keys);
        // a taken name, the table's own name and names used earlier in the statement
        assertEquals(List.of(new KeyConstraint("t_a_key1", false, List.of(0))),
                KeyConstraints.of("t", desc, List.of(new KeyConstraints.Spec(null, false, List.of(0))), "t_a_key"::equals));
        assertEquals("42P07", assertThrows(SpindleException.class, () -> KeyConstraints.of("c", desc,
                List.of(new KeyConstraints.Spec("c", false, List.of(0))), n -> false)).sqlState());
        SpindleException e = assertThrows(SpindleException.class, () -> KeyConstraints.of("t", desc, List.of(
                new KeyConstraints.Spec("c", false, List.of(0)), new KeyConstraints.Spec("c", false, List.of(1))), n -> false));
        assertEquals("42P07", e.sqlState());
    }
}
