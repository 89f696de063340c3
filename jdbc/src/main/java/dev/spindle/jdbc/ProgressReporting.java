package dev.spindle.jdbc;

import dev.spindle.sql.Progress;
import java.util.Optional;

/**
 * Spindle's extension of a JDBC connection for tools such as the shell: how far the statement
 * running on the connection has got (a hydrating {@code CREATE INDEX}: records arranged so far,
 * of how many). Reach it with {@code connection.unwrap(ProgressReporting.class)}.
 *
 * <p>Thread-safety: {@link #progress()} may be called from any thread while another thread runs
 * the statement.
 */
public interface ProgressReporting {
    /** The running statement's progress; empty when nothing that reports progress runs. */
    Optional<Progress> progress();
}
