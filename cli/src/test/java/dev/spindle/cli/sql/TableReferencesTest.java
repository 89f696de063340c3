package dev.spindle.cli.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TableReferencesTest {
    private static TableReferences.Reference ref(String relation, String alias) {
        return new TableReferences.Reference(relation, Optional.ofNullable(alias));
    }

    @Test
    void fromListsJoinsAndAliases() {
        assertEquals(List.of(ref("orders", "o"), ref("other", "x"), ref("third", null)),
                TableReferences.of("SELECT o.id FROM orders o, other AS x JOIN third ON o.id = third.k WHERE x.k = 1"));
        assertEquals(List.of(ref("t", null), ref("u", "b")),
                TableReferences.of("select * from t left join u b using (k) order by 1"));
    }

    @Test
    void qualifiedAndQuotedNamesUpdateInsertAndSubqueries() {
        assertEquals(List.of(ref("tbl", "a")), TableReferences.of("SELECT * FROM main.tbl a"));
        assertEquals(List.of(ref("My \"Table\"", "m")), TableReferences.of("SELECT * FROM \"My \"\"Table\"\"\" m"));
        assertEquals(List.of(ref("t", null)), TableReferences.of("UPDATE t SET v = 1"));
        assertEquals(List.of(ref("t", null), ref("u", "y")),
                TableReferences.of("INSERT INTO t SELECT * FROM u y"));
        // the subquery's own table, then the outer list goes on after it; the subquery is no table
        assertEquals(List.of(ref("inner_t", "i"), ref("outer_t", "o")),
                TableReferences.of("SELECT * FROM (SELECT * FROM inner_t i WHERE i.k > 0) AS s, outer_t o WHERE "));
    }

    @Test
    void statementsBeingTyped() {
        assertEquals(List.of(ref("orders", "o")), TableReferences.of("SELECT * FROM orders o WHERE o."));
        assertEquals(List.of(ref("orders", null)), TableReferences.of("SELECT * FROM orders WHERE"));
        assertEquals(List.of(), TableReferences.of("SELECT * FROM "));
        assertEquals(List.of(), TableReferences.of("SELECT 'from t' AS x"));
    }
}
