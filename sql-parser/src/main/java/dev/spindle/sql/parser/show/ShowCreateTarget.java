package dev.spindle.sql.parser.show;

/** What {@code SHOW CREATE} shows the definition of. Immutable, like every enum. */
public enum ShowCreateTarget {
    TABLE,
    VIEW,
    INDEX
}
