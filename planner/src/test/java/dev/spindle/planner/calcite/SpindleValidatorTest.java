package dev.spindle.planner.calcite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.common.type.TypeKind;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.lower.ConstantFolder;
import dev.spindle.planner.TestSql;
import java.util.List;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.sql.SqlNode;
import org.junit.jupiter.api.Test;

/** A select list is expanded once, however many ORDER BY ordinals name its items. */
class SpindleValidatorTest {
    private static final Catalog CATALOG = Catalog.empty().with(CatalogItem.Table.of(GlobalId.user(1), "t",
            new RelationDesc(List.of(new Column("a", ColumnType.of(TypeKind.INTEGER)),
                    new Column("b", ColumnType.of(TypeKind.INTEGER)), new Column("c", ColumnType.of(TypeKind.TEXT))))));

    private static SqlNode parse(String sql) {
        return TestSql.lenient(sql);
    }

    private static List<Integer> sortKeys(RelRoot root) {
        return root.collation.getFieldCollations().stream().map(RelFieldCollation::getFieldIndex).toList();
    }

    @Test
    void orderByOrdinalsExpandTheSelectListOnce() {
        String sql = "SELECT a, (SELECT max(b) FROM t t2 WHERE t2.a > t.a) AS m, c, b * 2 FROM t ORDER BY 4, 2, 1, 3";
        SqlPlanner planner = new SqlPlanner(CATALOG, ConstantFolder.INSTANCE).statementText(sql).withoutDirectConversion();
        RelRoot root = planner.plan(parse(sql));
        assertEquals(List.of(3, 1, 0, 2), sortKeys(root));
        assertEquals(List.of("a", "m", "c", "?column?"), root.validatedRowType.getFieldNames());
        // once for the four ordinals and the conversion (Calcite alone: nine times, in validation and again in conversion)
        assertEquals(1, planner.validator().expansionsComputed());
    }

    @Test
    void eachSelectOfASetOperationKeepsItsOwnExpansion() {
        String sql = "SELECT a, b FROM t WHERE a > 1 UNION SELECT b, a FROM t ORDER BY 2, 1";
        SqlPlanner planner = new SqlPlanner(CATALOG, ConstantFolder.INSTANCE).statementText(sql);
        RelRoot root = planner.plan(parse(sql));
        assertEquals(List.of(1, 0), sortKeys(root));
        assertEquals(List.of("a", "b"), root.validatedRowType.getFieldNames());
        assertEquals("LogicalProject(b=[$1], a=[$0])", firstLine(root.rel.getInput(0).getInput(1)));
    }

    private static String firstLine(org.apache.calcite.rel.RelNode rel) {
        String text = org.apache.calcite.plan.RelOptUtil.toString(rel);
        return text.substring(0, text.indexOf('\n'));
    }
}
