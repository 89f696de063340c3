package dev.spindle.sqllogictest.format;

/**
 * The type letter a query record declares for one result column; it decides how the column's
 * values are rendered before they are compared.
 */
public enum ResultType {
    /** {@code I}: an integer; reals are truncated toward zero, text gives its leading integer. */
    INTEGER('I'),
    /** {@code R}: a real printed with three decimals. */
    REAL('R'),
    /** {@code T}: text. */
    TEXT('T'),
    /** {@code B}: a boolean, {@code true} or {@code false} (CockroachDB's and Materialize's letter). */
    BOOLEAN('B'),
    /** {@code O}: an object identifier, rendered as an integer (CockroachDB's and Materialize's letter). */
    OID('O');

    private final char letter;

    ResultType(char letter) {
        this.letter = letter;
    }

    /** The letter as written in a query record's header. */
    public char letter() {
        return letter;
    }

    /**
     * The type for a letter of a query header.
     *
     * @throws IllegalArgumentException if the letter is not one of {@code I}, {@code R}, {@code T},
     *                                  {@code B}, {@code O}
     */
    public static ResultType of(char letter) {
        for (ResultType type : values()) {
            if (type.letter == letter) {
                return type;
            }
        }
        throw new IllegalArgumentException("unknown type character '" + letter + "' (expected I, R, T, B or O)");
    }
}
