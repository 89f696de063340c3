package dev.spindle.jdbc.diff;

/** The column types the generator uses, with their SQL spelling and a literal maker. */
enum Kind {
    INT("INTEGER"), BIGINT("BIGINT"), DEC("DECIMAL(12,2)"), DBL("DOUBLE PRECISION"), TEXT("TEXT"), BOOL("BOOLEAN");

    final String sql;

    Kind(String sql) {
        this.sql = sql;
    }

    boolean numeric() {
        return this != TEXT && this != BOOL;
    }

    boolean integral() {
        return this == INT || this == BIGINT;
    }

    /** Two kinds that compare, unify in a set operation or a CASE, and join. */
    boolean compatible(Kind o) {
        return numeric() ? o.numeric() : this == o;
    }

    /** The result kind of {@code a + b} (PostgreSQL's promotion: integer < bigint < numeric < double). */
    static Kind promote(Kind a, Kind b) {
        return a.ordinal() >= b.ordinal() ? a : b;
    }

    /*
     * DECIMAL(12,2) rather than (10,2): H2 compares a BIGINT with a DECIMAL(10,2) by casting the
     * bigint to DECIMAL(10,2) and fails with 22001 on 3000000002, where PostgreSQL compares them
     * as numerics; twelve digits hold every BIGINT literal here.
     */

    /**
     * A non-NULL literal. Doubles are multiples of 1/4 and decimals of 1/4 too, so sums are exact
     * in binary and decimal alike; text is lower case ASCII, so every collation orders it alike.
     */
    String literal(java.util.Random r) {
        switch (this) {
            case INT:
                return Integer.toString(r.nextInt(9) - 3);
            case BIGINT:
                // a small value cast, so that its SQL type is the BIGINT this kind says (a plain 4 is
                // an INTEGER, and an expression on it was taken for a BIGINT one: the IN guard of
                // QueryGen.subquery then let H2's 22004 through)
                return r.nextInt(8) == 0 ? Long.toString(3_000_000_000L + r.nextInt(3))
                        : "CAST(" + (r.nextInt(9) - 3) + " AS BIGINT)";
            case DEC:
                return new java.math.BigDecimal(r.nextInt(25) - 8).divide(java.math.BigDecimal.valueOf(4)).toPlainString();
            case DBL:
                return "CAST(" + ((r.nextInt(17) - 6) / 2.0) + " AS DOUBLE PRECISION)";
            case TEXT:
                return "'" + new String[] {"a", "b", "ab", "ba", "", "abc"}[r.nextInt(6)] + "'";
            default:
                return r.nextBoolean() ? "TRUE" : "FALSE";
        }
    }
}
