package dev.spindle.sql.parser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.Litmus;

/** Test helper: parse, unparse, parse again, and demand the same tree and the same text. */
final class RoundTrip {
    private RoundTrip() {
    }

    /**
     * Parses {@code sql} (one statement) and checks that its unparsed text parses to an equal
     * tree, unparses to the same text again, and that {@code clone} keeps the tree equal (the
     * node's operator rebuilds it from its operands). Returns the first tree.
     */
    static SqlNode check(String sql) {
        SqlNode tree = SpindleParser.parse(sql);
        String text = SpindleParser.unparse(tree);
        SqlNode again = SpindleParser.parse(text);
        assertTrue(tree.equalsDeep(again, Litmus.IGNORE),
                () -> "unparse does not round-trip:\n  sql:      " + sql + "\n  unparsed: " + text
                        + "\n  again:    " + SpindleParser.unparse(again));
        assertEquals(text, SpindleParser.unparse(again), "unparse is not a fixpoint");
        SqlNode clone = tree.clone(SqlParserPos.ZERO);
        assertEquals(tree.getClass(), clone.getClass(), "clone changes the node's class");
        assertTrue(tree.equalsDeep(clone, Litmus.IGNORE), () -> "clone differs: " + SpindleParser.unparse(clone));
        assertEquals(text, SpindleParser.unparse(clone), "clone unparses differently");
        return tree;
    }

    /** {@link #check} then a cast to the expected node class. */
    static <T extends SqlNode> T check(String sql, Class<T> type) {
        SqlNode tree = check(sql);
        assertEquals(type, tree.getClass(), () -> sql + " parsed to " + tree.getClass().getSimpleName());
        return type.cast(tree);
    }
}
