package dev.spindle.sqllogictest.format;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * {@code loop VAR START END} or {@code foreach VAR V1 V2 ...}, the records up to the matching
 * {@code endloop}. The body runs once per value with {@code ${VAR}} replaced by the value in its
 * SQL and expected results. {@code loop} counts from START up to, not including, END.
 *
 * @param line       the line of the {@code loop}/{@code foreach} header
 * @param conditions the conditions in front of the header; they apply to the whole loop
 * @param variable   the loop variable's name
 * @param values     the values the variable takes, in order
 * @param body       the records inside the loop
 */
public record LoopRecord(int line, List<Condition> conditions, String variable, List<String> values,
                         List<Record> body) implements Record {

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    public LoopRecord {
        conditions = List.copyOf(conditions);
        Objects.requireNonNull(variable, "variable");
        if (!NAME.matcher(variable).matches()) {
            throw new IllegalArgumentException("invalid loop variable name '" + variable + "'");
        }
        values = List.copyOf(values);
        body = List.copyOf(body);
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visitLoop(this);
    }
}
