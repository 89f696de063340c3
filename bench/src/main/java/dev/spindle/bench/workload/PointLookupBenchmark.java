package dev.spindle.bench.workload;

import dev.spindle.bench.db.BenchDatabase;
import dev.spindle.bench.db.Engine;
import dev.spindle.bench.db.Table;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.sql.SQLException;

/**
 * P1 under JMH: a prepared point lookup on an indexed {@code (k, v)} table of {@code rows} rows,
 * one engine per trial. Options (mode, iterations, forks, the fixed JVM flags) are set by
 * {@link PointLookup}, which runs it.
 *
 * <p>Thread-safety: JMH state of benchmark scope, run by one benchmark thread.
 */
@State(Scope.Benchmark)
public class PointLookupBenchmark {

    @Param({"spindle", "h2"})
    public String engine;

    @Param({"1000000"})
    public int rows;

    private BenchDatabase db;
    private Lookup lookup;

    @Setup
    public void setUp() throws SQLException {
        db = BenchDatabase.open(Engine.byLabel(engine), "p1");
        Table.create(db.main(), "t");
        Table.load(db.main(), "t", 0, rows);
        db.execute("CREATE INDEX t_k ON t (k)");
        lookup = new Lookup(db.main(), rows, 1);
    }

    @Benchmark
    public int lookup() throws SQLException {
        return lookup.next();
    }

    @TearDown
    public void tearDown() throws SQLException {
        lookup.close();
        db.close();
    }
}
