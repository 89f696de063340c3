package dev.spindle.sql.parser;

import org.apache.calcite.sql.parser.SqlParserFixture;
import org.apache.calcite.sql.parser.SqlParserTest;

/**
 * Calcite's parser suite again, with Calcite's unparsing tester: every tree the suite parses is
 * also unparsed (in several dialect settings) and parsed again by Spindle's grammar, and must
 * come back the same, as Calcite's {@code SqlUnParserTest} does for its own parser.
 */
class CalciteUnparseSuiteTest extends CalciteParserSuiteTest {
    @Override
    public SqlParserFixture fixture() {
        return super.fixture().withTester(new SqlParserTest.UnparsingTesterImpl());
    }
}
