package dev.spindle.sql.parser.ddl;

/** The {@code CASCADE | RESTRICT} of a {@code DROP}; {@code RESTRICT} is the default. Immutable, like every enum. */
public enum DropBehavior {
    /** Drop the objects that depend on the dropped one too. */
    CASCADE,
    /** Refuse to drop an object others depend on. */
    RESTRICT
}
