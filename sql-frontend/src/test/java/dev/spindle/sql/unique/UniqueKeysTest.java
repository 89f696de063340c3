package dev.spindle.sql.unique;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.common.update.Update;
import dev.spindle.compute.expr.ScalarExpr;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The key counts and their checks, against a recount of the rows from scratch. */
class UniqueKeysTest {
    private static final GlobalId T = GlobalId.user(1);
    private static final RelationDesc DESC = new RelationDesc(List.of(
            new Column("k", ColumnType.of(TypeKind.INTEGER).withNullable(false)),
            new Column("u", ColumnType.of(TypeKind.INTEGER)),
            new Column("Mixed", ColumnType.of(TypeKind.TEXT))));
    private final Object lock = new Object();
    private final UniqueKeys keys = new UniqueKeys(lock);

    private KeyCounts rule(String name, int... columns) {
        List<Integer> cols = new ArrayList<>();
        for (int c : columns) {
            cols.add(c);
        }
        KeyCounts k = new KeyCounts(T, T, name, UniqueKey.ofColumns(DESC, cols), true);
        synchronized (lock) {
            keys.add(k);
        }
        return k;
    }

    private static Update ins(Object k, Object u, Object s) {
        return Update.insert(Row.of(k, u, s), 0);
    }

    private static Update del(Object k, Object u, Object s) {
        return Update.delete(Row.of(k, u, s), 0);
    }

    private void commit(Update... changes) {
        synchronized (lock) {
            keys.check(T, List.of(changes), null);
            keys.apply(T, List.of(changes));
        }
    }

    private SpindleException refused(PendingKeys pending, Update... changes) {
        synchronized (lock) {
            return assertThrows(SpindleException.class, () -> keys.check(T, List.of(changes), pending));
        }
    }

    @Test
    void aKeyAddedTwiceIsRefusedWithPostgresMessageAndNullsNeverCollide() {
        rule("t_pkey", 0);
        rule("t_u_key", 1);
        rule("t_u_Mixed_key", 1, 2);
        commit(ins(1, null, "a"), ins(2, null, "a"), ins(3, 7, null));
        SpindleException e = refused(null, ins(4, 7, "x"));
        assertEquals("23505", e.sqlState());
        assertEquals("duplicate key value violates unique constraint \"t_u_key\": Key (u)=(7) already exists.", e.getMessage());
        e = refused(null, ins(5, 8, "x y"), ins(6, 9, "z"), ins(6, 8, "x y"));
        assertEquals("duplicate key value violates unique constraint \"t_pkey\": Key (k)=(6) already exists.", e.getMessage(),
                "the first row that repeats a key, and the first rule it breaks");
        commit(ins(5, 8, "x y"));
        e = refused(null, ins(6, 8, "x y"));
        assertEquals("duplicate key value violates unique constraint \"t_u_key\": Key (u)=(8) already exists.", e.getMessage());
    }

    @Test
    void retractionsCountFirstSoKeysMaySwapAndMove() {
        KeyCounts pk = rule("t_pkey", 0);
        commit(ins(1, null, "a"), ins(2, null, "b"), ins(3, null, "c"));
        // every key moves up by one: in PostgreSQL's row-by-row check this fails, here it lands together
        commit(ins(2, null, "a"), del(1, null, "a"), ins(3, null, "b"), del(2, null, "b"), ins(4, null, "c"), del(3, null, "c"));
        assertEquals(0, pk.count(Row.of(1)));
        assertEquals(1, pk.count(Row.of(4)));
        // a row retracted and inserted unchanged
        commit(del(2, null, "a"), ins(2, null, "a"));
        assertEquals(3, pk.size());
        assertEquals("23505", refused(null, del(2, null, "a"), ins(3, null, "x")).sqlState(), "3 is still held by another row");
    }

    @Test
    void aTransactionsStatementsCountItsBufferedWrites() {
        KeyCounts pk = rule("t_pkey", 0);
        commit(ins(1, null, "a"));
        Map<Row, Long> buffered = new HashMap<>();
        PendingKeys pending = new PendingKeys(t -> buffered);
        // the transaction deletes 1 and inserts 2
        for (Update u : List.of(del(1, null, "a"), ins(2, null, "b"))) {
            synchronized (lock) {
                keys.check(T, List.of(u), pending);
            }
            buffered.merge(u.row(), u.diff(), Long::sum);
            pending.written(T, List.of(u));
        }
        synchronized (lock) {
            assertDoesNotThrow(() -> keys.check(T, List.of(ins(1, null, "again")), pending), "its delete freed 1");
        }
        assertEquals("duplicate key value violates unique constraint \"t_pkey\": Key (k)=(2) already exists.",
                refused(pending, ins(2, null, "c")).getMessage(), "its insert took 2");
        // a rule the transaction meets for the first time counts what it buffered before
        KeyCounts byText = rule("t_Mixed_key", 2);
        assertEquals("duplicate key value violates unique constraint \"t_Mixed_key\": Key (\"Mixed\")=(b) already exists.",
                refused(pending, ins(9, null, "b")).getMessage());
        assertEquals(1, pk.size());
        assertEquals(0, byText.size(), "checks count nothing: only commits do");
    }

    @Test
    void aRuleBeingBuiltCountsInAnyOrderAndIsNotEnforced() {
        Random random = new Random(42);
        List<Update> table = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            table.add(ins(i, random.nextInt(1000), "s"));
        }
        KeyCounts building = new KeyCounts(T, GlobalId.user(2), "t_u_idx",
                UniqueKey.ofColumns(DESC, List.of(1)), false);
        synchronized (lock) {
            keys.add(building);
        }
        // commits after the build's time land first, then the build adds the rows of its time
        List<Update> later = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            later.add(table.get(i).negate());
        }
        commit(later.toArray(new Update[0]));
        List<Update> shuffled = new ArrayList<>(table);
        Collections.shuffle(shuffled, random);
        for (Update u : shuffled) {
            building.add(building.key().keyOf(u.row()), u.diff());
        }
        Map<Row, Integer> recount = new HashMap<>();
        for (Update u : table.subList(100, table.size())) {
            recount.merge(u.row().project(1), 1, Integer::sum);
        }
        long repeated = recount.values().stream().filter(n -> n > 1).count();
        assertEquals(recount.size(), building.size());
        assertEquals(repeated, building.repeated());
        for (Map.Entry<Row, Integer> e : recount.entrySet()) {
            assertEquals(e.getValue(), building.count(e.getKey()));
        }
        assertTrue(repeated > 0, "500 draws from 1000 repeat some value");
        assertTrue(building.count(building.someRepeatedKey()) > 1, "a repeated key is one counted twice or more");
        assertThrows(IllegalStateException.class, building::enforce);
    }

    @Test
    void anExpressionKeyThatFailsOnACommittedRowMarksItsRule() {
        ScalarExpr k = ScalarExpr.column(0, ColumnType.of(TypeKind.INTEGER).withNullable(false));
        ScalarExpr inverse = new dev.spindle.compute.expr.CallBinary(dev.spindle.compute.expr.func.BinaryFunc.DIV,
                ScalarExpr.literal(10L, ColumnType.of(TypeKind.INTEGER).withNullable(false)), k);
        KeyCounts building = new KeyCounts(T, GlobalId.user(2), "t_expr_idx", UniqueKey.of(List.of(inverse), "(10 / k)"), false);
        synchronized (lock) {
            keys.add(building);
            keys.apply(T, List.of(ins(5, null, "a"), ins(0, null, "b")));
        }
        assertEquals(1, building.count(Row.of(2)));
        assertEquals("22012", ((SpindleException) building.failure()).sqlState());
    }

    @Test
    void removingRules() {
        KeyCounts pk = rule("t_pkey", 0);
        KeyCounts index = new KeyCounts(T, GlobalId.user(5), "i", UniqueKey.ofColumns(DESC, List.of(1)), true);
        synchronized (lock) {
            keys.add(index);
            assertEquals(List.of(pk, index), keys.rules(T));
            keys.removeIndex(GlobalId.user(5));
            assertEquals(List.of(pk), keys.rules(T));
            keys.removeTable(T);
            assertEquals(List.of(), keys.rules(T));
            keys.check(T, List.of(ins(1, 1, "a"), ins(1, 1, "a")), null); // no rule: nothing refused
        }
        assertNull(pk.someRepeatedKey());
    }
}
