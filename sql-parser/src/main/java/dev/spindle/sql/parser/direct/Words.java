package dev.spindle.sql.parser.direct;

import dev.spindle.sql.parser.impl.SpindleSqlParserImpl;
import java.io.StringReader;
import java.util.Set;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;

/**
 * What a word is to the generated parser: a plain name, a keyword it also takes as a name
 * (non-reserved), or a reserved keyword; read from the generated parser's own keyword lists.
 *
 * <p>Thread-safe: immutable after class initialization.
 */
final class Words {
    private static final SqlAbstractParserImpl.Metadata METADATA =
            SpindleSqlParserImpl.FACTORY.getParser(new StringReader("")).getMetadata();

    /**
     * Reserved function names read here as plain calls: the generated parser's
     * {@code ReservedFunctionName} takes them before an opening bracket, and none of them starts
     * a construct of its own ({@code FLOOR}, {@code LEFT}, ... do and are left out).
     */
    private static final Set<String> FUNCTIONS = Set.of(
            "ABS", "AVG", "COALESCE", "COUNT", "MAX", "MIN", "NULLIF", "SUM", "LOWER", "UPPER", "MOD",
            "POWER", "SQRT", "LN", "EXP");

    /**
     * Non-reserved keywords never taken here as names: each may start a construct of its own
     * where a name could stand ({@code NEXT VALUE FOR}, {@code PERIOD (...)}, a typed literal,
     * a clause after a table name).
     */
    private static final Set<String> NOT_NAMES = Set.of(
            "NEXT", "CURRENT", "PERIOD", "MAP", "ARRAY", "MULTISET", "UUID", "DATE", "TIME", "TIMESTAMP",
            "INTERVAL", "STREAM", "MEASURE", "EXTEND", "PIVOT", "UNPIVOT", "TABLESAMPLE", "MATCH_RECOGNIZE",
            "OF", "AS_OF", "SPECIFIC", "NEW", "CURSOR", "ROW", "LATERAL", "UNNEST", "TABLE", "SEQUENCE",
            "ILIKE", "RLIKE", "SIMILAR", "MEMBER", "SUBMULTISET", "CONTAINS", "OVERLAPS", "PRECEDES",
            "SUCCEEDS", "IMMEDIATELY", "EQUALS", "FORMAT", "ESCAPE", "UESCAPE", "FILTER", "OVER", "WITHIN",
            "IGNORE", "RESPECT", "PARTITION");

    private Words() {
    }

    /** Whether {@code upper} is no keyword at all: a name wherever a name may stand. */
    static boolean plain(String upper) {
        return !METADATA.isKeyword(upper);
    }

    /**
     * Whether {@code upper} may be read as a column, table or qualifier name here: no keyword, or
     * a non-reserved one that starts nothing else.
     */
    static boolean name(String upper) {
        return plain(upper) || (METADATA.isNonReservedKeyword(upper) && !NOT_NAMES.contains(upper));
    }

    /** Whether {@code upper} is a reserved function name read here as a plain call. */
    static boolean function(String upper) {
        return FUNCTIONS.contains(upper);
    }
}
