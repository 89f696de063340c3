package dev.spindle.sqllogictest.format;

/**
 * Operations over the kinds of {@link Record}; one method per kind.
 *
 * @param <R> what a visit returns
 */
public interface RecordVisitor<R> {

    R visitStatement(StatementRecord record);

    R visitQuery(QueryRecord record);

    R visitHashThreshold(HashThresholdRecord record);

    R visitHalt(HaltRecord record);

    R visitMode(ModeRecord record);

    R visitRequire(RequireRecord record);

    R visitLoop(LoopRecord record);

    R visitMalformed(MalformedRecord record);

    R visitUnsupported(UnsupportedRecord record);

    R visitResetServer(ResetServerRecord record);
}
