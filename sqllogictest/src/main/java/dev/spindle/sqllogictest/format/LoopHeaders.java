package dev.spindle.sqllogictest.format;

import java.util.ArrayList;
import java.util.List;

/** Parses {@code loop VAR START END} and {@code foreach VAR V1 V2 ...} headers. */
final class LoopHeaders {

    /** The most iterations one {@code loop} may ask for; more is taken as a mistake in the file. */
    static final int MAX_ITERATIONS = 1_000_000;

    private LoopHeaders() {
    }

    /**
     * Opens a loop, or adds a {@link MalformedRecord} to {@code target} and returns {@code null}.
     *
     * @param target the list the finished loop will be added to
     */
    static ScriptParser.OpenLoop open(int line, List<Condition> conditions, Header header, List<Record> target) {
        String keyword = header.token(0);
        String variable = header.token(1);
        if (!variable.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            target.add(new MalformedRecord(line, conditions,
                    keyword + " needs a variable name, got '" + variable + "'"));
            return null;
        }
        List<String> values = new ArrayList<>();
        if (keyword.equals("loop")) {
            String problem = rangeValues(header, values);
            if (problem != null) {
                target.add(new MalformedRecord(line, conditions, problem));
                return null;
            }
        } else {
            for (int i = 2; i < header.size(); i++) {
                values.add(header.token(i));
            }
            if (values.isEmpty()) {
                target.add(new MalformedRecord(line, conditions, "foreach needs at least one value"));
                return null;
            }
        }
        return new ScriptParser.OpenLoop(line, conditions, variable, values, target);
    }

    private static String rangeValues(Header header, List<String> values) {
        long start;
        long end;
        try {
            start = Long.parseLong(header.token(2));
            end = Long.parseLong(header.token(3));
        } catch (NumberFormatException e) {
            return "loop needs integer bounds: loop VAR START END";
        }
        if (end < start) {
            return "loop end " + end + " is below its start " + start;
        }
        if (end - start > MAX_ITERATIONS) {
            return "loop of " + (end - start) + " iterations exceeds the limit of " + MAX_ITERATIONS;
        }
        for (long i = start; i < end; i++) {
            values.add(Long.toString(i));
        }
        return null;
    }
}
