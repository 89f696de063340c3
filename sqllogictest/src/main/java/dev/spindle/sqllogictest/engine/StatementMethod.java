package dev.spindle.sqllogictest.engine;

import java.util.Locale;

/**
 * How the runner hands the SQL of a {@code statement} record to a driver. A record may hold
 * several statements separated by semicolons, and SQLite's harness runs them all (it uses
 * {@code sqlite3_exec}); JDBC leaves multi-statement texts to the driver.
 */
public enum StatementMethod {
    /**
     * {@code Statement.execute}; rows a statement returns are read and discarded. H2 and
     * PostgreSQL's driver run every statement of the text this way.
     */
    EXECUTE,
    /**
     * {@code Statement.executeUpdate}. xerial's SQLite driver runs only the first statement given
     * to {@code execute}, but passes {@code executeUpdate} texts to {@code sqlite3_exec}, which runs
     * them all (and steps through any rows), exactly as SQLite's harness does.
     */
    EXECUTE_UPDATE;

    /** The method that runs every statement of a text on the driver for {@code url}. */
    public static StatementMethod forUrl(String url) {
        return url.toLowerCase(Locale.ROOT).startsWith("jdbc:sqlite:") ? EXECUTE_UPDATE : EXECUTE;
    }
}
