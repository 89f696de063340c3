package dev.spindle.sqllogictest.format;

import java.util.List;

/**
 * One record of a sqllogictest file: a block of non-blank lines, possibly preceded by
 * {@code skipif}/{@code onlyif} conditions. Records are immutable values; a runner walks them with
 * a {@link RecordVisitor}.
 */
public sealed interface Record
        permits StatementRecord, QueryRecord, HashThresholdRecord, HaltRecord, ModeRecord,
                RequireRecord, LoopRecord, MalformedRecord, UnsupportedRecord, ResetServerRecord {

    /** The 1-based line of the record's first line after its conditions. */
    int line();

    /** The conditions written in front of the record, in file order. */
    List<Condition> conditions();

    /** Double dispatch to the visitor method for this kind of record. */
    <R> R accept(RecordVisitor<R> visitor);
}
