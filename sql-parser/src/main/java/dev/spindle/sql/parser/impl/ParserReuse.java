package dev.spindle.sql.parser.impl;

import org.apache.calcite.util.SourceStringReader;

/**
 * Readies a parser that has finished a successful parse for another text, so that a thread can
 * keep one parser instead of making one per statement (a new parser allocates JavaCC's look-ahead
 * tables: about 6% of parsing a short query). The parser is then as {@link
 * SpindleSqlParserImpl#FACTORY} makes a new one for the same reader; see {@code spindleReuse} in
 * {@code includes/parserImpls.ftl}.
 *
 * <p>Stateless. The parser passed must not be in use by any other thread or parse, and must not
 * come from a parse that failed (a failure can leave it mid-scan; make a new one instead).
 */
public final class ParserReuse {
    private ParserReuse() {
    }

    /** Resets {@code parser} to parse {@code reader}'s text. */
    public static void reset(SpindleSqlParserImpl parser, SourceStringReader reader) {
        try {
            parser.spindleReuse(reader);
        } catch (ParseException e) {
            throw new IllegalStateException("resetting the parser cannot fail", e); // JavaCC declares it
        }
    }
}
