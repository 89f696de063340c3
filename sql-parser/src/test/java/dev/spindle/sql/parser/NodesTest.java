package dev.spindle.sql.parser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spindle.sql.parser.ddl.SqlCreateIndex;
import dev.spindle.sql.parser.ddl.SqlDropTable;
import dev.spindle.sql.parser.query.SqlShortExplain;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlShuttle;
import org.apache.calcite.util.Litmus;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The statement nodes keep their whole state in their operands: a shuttle that rebuilds every
 * call (as Calcite's server tests do for its DDL nodes) returns an equal tree of the same
 * classes, and a changed operand is seen by {@code equalsDeep}.
 */
class NodesTest {

    /** Rebuilds every call through its operator, at position ZERO. */
    private static final SqlShuttle REBUILD = new SqlShuttle() {
        @Override
        public @Nullable SqlNode visit(SqlCall call) {
            SqlNode visited = super.visit(call);
            return visited == null ? null : visited.clone(SqlParserPos.ZERO);
        }
    };

    /** Renames every identifier, so that every call with one is rebuilt from new operands. */
    private static final SqlShuttle RENAME = new SqlShuttle() {
        @Override
        public SqlNode visit(SqlIdentifier id) {
            return new SqlIdentifier(id.names.stream().map(n -> n + "_x").toList(), id.getParserPosition());
        }
    };

    @ParameterizedTest
    @ValueSource(strings = {
        "create table if not exists s.t (a int not null default 1 primary key, b text unique, constraint c unique (a, b))",
        "create or replace view v (a) as select x from t where y > 1",
        "create unique index if not exists i on t (a desc, b + 1)",
        "create index on t (a)",
        "drop table if exists t cascade",
        "drop view v",
        "drop index i restrict",
        "begin", "commit", "rollback",
        "select a from t as x where b = 1 order by a limit 5 as of 42",
        "explain select 1 as of 2",
        "explain create index i on t (a)",
        "show tables from s", "show views", "show indexes on t", "show indexes from s",
        "show columns from t", "show create view v",
    })
    void aShuttleThatRebuildsEveryCallKeepsTheStatement(String sql) {
        SqlNode tree = SpindleParser.parse(sql);
        SqlNode rebuilt = tree.accept(REBUILD);
        assertNotSame(tree, rebuilt);
        assertEquals(tree.getClass(), rebuilt.getClass());
        assertTrue(tree.equalsDeep(rebuilt, Litmus.IGNORE), () -> SpindleParser.unparse(rebuilt));
        assertEquals(SpindleParser.unparse(tree), SpindleParser.unparse(rebuilt));

        SqlNode renamed = tree.accept(RENAME);
        assertEquals(tree.getClass(), renamed.getClass());
        if (SpindleParser.unparse(tree).contains("\"")) {
            assertFalse(tree.equalsDeep(renamed, Litmus.IGNORE), "a renamed identifier must be seen");
            assertTrue(SpindleParser.unparse(renamed).contains("_x\""), () -> SpindleParser.unparse(renamed));
        }
    }

    @Test
    void flagsAreOperandsSoEqualsDeepSeesThem() {
        SqlNode a = SpindleParser.parse("drop table t");
        SqlNode b = SpindleParser.parse("drop table if exists t");
        SqlNode c = SpindleParser.parse("drop table t restrict");
        assertFalse(a.equalsDeep(b, Litmus.IGNORE));
        assertFalse(a.equalsDeep(c, Litmus.IGNORE), "RESTRICT written is kept, so that unparse writes it back");
        assertFalse(SpindleParser.parse("create index i on t (a)").equalsDeep(
                SpindleParser.parse("create unique index i on t (a)"), Litmus.IGNORE));
    }

    @Test
    void shortExplainKeepsItsFormThroughClone() {
        SqlShortExplain e = (SqlShortExplain) SpindleParser.parse("explain select 1");
        SqlNode clone = e.clone(SqlParserPos.ZERO);
        assertEquals(SqlShortExplain.class, clone.getClass());
        assertEquals("EXPLAIN\nSELECT 1", SpindleParser.unparse(clone));
    }

    @Test
    void constructorsRefuseWhatTheGrammarCannotProduce() {
        SqlIdentifier t = new SqlIdentifier("t", SqlParserPos.ZERO);
        SqlNodeList keys = SqlNodeList.of(new SqlIdentifier("a", SqlParserPos.ZERO));
        assertThrows(IllegalArgumentException.class,
                () -> new SqlCreateIndex(SqlParserPos.ZERO, false, true, null, t, keys));
        assertThrows(IllegalArgumentException.class,
                () -> new SqlCreateIndex(SqlParserPos.ZERO, false, false, null, t, SqlNodeList.EMPTY));
        assertThrows(IllegalArgumentException.class,
                () -> SqlDropTable.OPERATOR.createCall(null, SqlParserPos.ZERO, t));
    }
}
