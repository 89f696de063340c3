package dev.spindle.sql.parser.bench;

import dev.spindle.sql.parser.SpindleParser;
import java.util.concurrent.TimeUnit;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Parsing the statements the sqllogictest corpus runs most (ad-hoc queries over small tables, and
 * its inserts), one statement per operation, in turn: Spindle's parser against Calcite's stock
 * parser ({@code SqlParserImpl}, the same grammar without Spindle's additions) in the same JVM.
 *
 * <p>{@code ./mvnw -o -B -q -pl sql-parser -am test-compile exec:exec -Pbench
 * -Djmh.args="ParseBenchmark"}. State is per thread ({@link Scope#Thread}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ParseBenchmark {
    /** Statements of the corpus's files (select1-5, index/, random/, evidence/). */
    static final String[] STATEMENTS = {
        "SELECT pk FROM tab2 WHERE (col1 >= 8143.70 AND col1 <= 6927.74)",
        "SELECT pk FROM tab0 WHERE col3 BETWEEN 5 AND 10 OR (col0 > 3 AND col4 < 2.5) OR col1 IN (1,2,3)",
        "SELECT - col2 * + 45 + CAST ( NULL AS INTEGER ) FROM tab0 AS cor0 WHERE NOT col1 BETWEEN 1 AND 4",
        "SELECT pk, col0 FROM tab0 WHERE col3 IN (38,6,30,95,62,15) OR col0 > 36 ORDER BY 2 DESC,1",
        "SELECT CASE WHEN a<b-3 THEN 111 WHEN a<=b THEN 222\n        WHEN a<b+3 THEN 333 ELSE 444 END,\n"
                + "       a+b*2+c*3+d*4+e*5\n  FROM t1\n WHERE c BETWEEN b-2 AND d+2\n   AND d>e\n ORDER BY 1,2",
        "SELECT (SELECT count(*) FROM t1 AS x WHERE x.c>t1.c AND x.d<t1.d),\n       abs(b-c),\n"
                + "       (a+b+c+d+e)/5\n  FROM t1\n WHERE EXISTS(SELECT 1 FROM t1 AS x WHERE x.b<t1.b)",
        "SELECT ALL - 61 * - - 27 + + COUNT( * ) AS col1, + 20 / - 92 FROM tab1 AS cor0 GROUP BY col2",
        "INSERT INTO tab0 VALUES(0,6,50.37,'ciomn',2,13.10,'pmtgb')",
    };

    private static final SqlParser.Config CALCITE =
            SqlParser.config().withConformance(SqlConformanceEnum.LENIENT);

    private int next;

    private String nextStatement() {
        String sql = STATEMENTS[next];
        next = (next + 1) % STATEMENTS.length;
        return sql;
    }

    @Benchmark
    public SqlNodeList spindle() {
        return SpindleParser.parseStatements(nextStatement());
    }

    @Benchmark
    public SqlNodeList calciteStock() throws SqlParseException {
        return SqlParser.create(nextStatement(), CALCITE).parseStmtList();
    }
}
