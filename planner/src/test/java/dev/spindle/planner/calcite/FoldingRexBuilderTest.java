package dev.spindle.planner.calcite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.lower.ConstantFolder;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;
import org.junit.jupiter.api.Test;

/**
 * {@link FoldingRexBuilder}'s literal of {@code '?'}, which every cluster asks for: made once, and
 * the very literal Calcite's own builder makes.
 */
class FoldingRexBuilderTest {
    @Test
    void everyPlannersClusterSharesOneOriginalExpression() {
        SqlPlanner a = new SqlPlanner(Catalog.empty(), ConstantFolder.INSTANCE);
        SqlPlanner b = new SqlPlanner(Catalog.empty(), ConstantFolder.INSTANCE);
        assertSame(a.cluster().getOriginalExpression(), b.cluster().getOriginalExpression(),
                "one literal, not one per statement");
    }

    @Test
    void theLiteralsAreCalcitesOwn() {
        RelDataTypeFactory types = new SqlPlanner(Catalog.empty(), ConstantFolder.INSTANCE).typeFactory();
        RexBuilder plain = new RexBuilder(types);
        FoldingRexBuilder folding = new FoldingRexBuilder(types, ConstantFolder.INSTANCE);
        for (String s : new String[] {"?", "ab", "", "? "}) {
            RexLiteral want = plain.makeLiteral(s);
            RexLiteral got = folding.makeLiteral(s);
            assertEquals(want, got, s);
            assertEquals(want.getType(), got.getType(), s);
        }
        assertSame(folding.makeLiteral("?"), folding.makeLiteral("?"));
    }
}
