package dev.spindle.sql.parser.ddl;

/** What a column declaration says about NULL: nothing, {@code NULL} or {@code NOT NULL}. Immutable, like every enum. */
public enum Nullability {
    /** Neither {@code NULL} nor {@code NOT NULL} was written: the column is nullable. */
    UNSPECIFIED,
    /** {@code NULL}: nullable, said explicitly. */
    NULL,
    /** {@code NOT NULL}. */
    NOT_NULL;

    /** Whether the column may hold NULL. */
    public boolean nullable() {
        return this != NOT_NULL;
    }
}
