package dev.spindle.bench.measure;

import java.sql.SQLException;

/**
 * One timed operation through JDBC; {@code i} counts the operations of a loop from 0.
 *
 * <p>Thread-safety: whatever the implementation says; loops call it from one thread.
 */
@FunctionalInterface
public interface SqlOp {
    void run(long i) throws SQLException;
}
