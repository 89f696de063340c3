package dev.spindle.sqllogictest.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.PatternSyntaxException;

/** Parses one record (other than loops) from its header and the lines that follow it. */
final class BlockParser {

    private static final String SEPARATOR = "----";

    private BlockParser() {
    }

    /** The line ending a {@code multiline} result. */
    static final String END_OF_VALUE = "EOF";

    static Record parse(int line, List<Condition> conditions, Header header, List<SourceLine> body, RenderMode mode) {
        String kind = header.token(0);
        switch (kind) {
            case "statement":
                return statement(line, conditions, header, body);
            case "query":
                return query(line, conditions, header, body, mode);
            case "simple":
                return new UnsupportedRecord(line, conditions,
                        "the simple query protocol of PostgreSQL's wire protocol (Materialize's 'simple')");
            case "copy":
                return new UnsupportedRecord(line, conditions, "COPY FROM STDIN (Materialize's 'copy')");
            case "reset-server":
                return new ResetServerRecord(line, conditions);
            case "hash-threshold":
                return hashThreshold(line, conditions, header);
            case "halt":
                return new HaltRecord(line, conditions);
            case "mode":
                return mode(line, conditions, header);
            case "require":
                return header.token(1).isEmpty()
                        ? new MalformedRecord(line, conditions, "require needs a feature name")
                        : new RequireRecord(line, conditions, header.token(1));
            default:
                return new MalformedRecord(line, conditions, "unknown record type '" + kind + "'");
        }
    }

    private static Record statement(int line, List<Condition> conditions, Header header, List<SourceLine> body) {
        String argument = header.token(1);
        StatementExpectation expectation;
        List<SourceLine> sqlLines = body;
        switch (argument) {
            case "ok":
            case "OK":
                expectation = new StatementExpectation.Ok();
                break;
            case "count":
                try {
                    expectation = new StatementExpectation.Count(Long.parseLong(header.token(2)));
                } catch (IllegalArgumentException e) {
                    return new MalformedRecord(line, conditions,
                            "statement count needs a row count, got '" + header.token(2) + "'");
                }
                break;
            case "error":
                int separator = separatorIndex(body);
                sqlLines = separator < 0 ? body : body.subList(0, separator);
                List<SourceLine> message = separator < 0 ? List.of() : body.subList(separator + 1, body.size());
                try {
                    expectation = new StatementExpectation.Error(errorExpectation(header, message));
                } catch (IllegalArgumentException e) {
                    return new MalformedRecord(line, conditions, errorProblem(e));
                }
                break;
            default:
                return new MalformedRecord(line, conditions,
                        "statement argument should be 'ok', 'error [pgcode XXXXX] [regex]' or 'count N', got '" + argument + "'");
        }
        if (sqlLines.isEmpty()) {
            return new MalformedRecord(line, conditions, "statement has no SQL");
        }
        return new StatementRecord(line, conditions, join(sqlLines), expectation);
    }

    private static Record query(int line, List<Condition> conditions, Header header, List<SourceLine> body,
                                RenderMode mode) {
        int separator = separatorIndex(body);
        List<SourceLine> sqlLines = separator < 0 ? body : body.subList(0, separator);
        List<SourceLine> resultLines = separator < 0 ? List.of() : body.subList(separator + 1, body.size());
        if (sqlLines.isEmpty()) {
            return new MalformedRecord(line, conditions, "query has no SQL");
        }
        String sql = join(sqlLines);
        if (header.token(1).equals("error")) {
            try {
                QueryExpectation expectation = new QueryExpectation.Error(errorExpectation(header, resultLines));
                return new QueryRecord(line, conditions, sql, List.of(), SortMode.NOSORT, Optional.empty(),
                        expectation, resultLines.isEmpty() ? line : resultLines.get(0).number());
            } catch (IllegalArgumentException e) {
                return new MalformedRecord(line, conditions, errorProblem(e));
            }
        }
        if (header.token(1).isEmpty()) {
            return new MalformedRecord(line, conditions, "query has no type string");
        }
        List<ResultType> types = new ArrayList<>();
        QueryOptions options;
        try {
            for (char letter : header.token(1).toCharArray()) {
                types.add(ResultType.of(letter));
            }
            options = QueryOptions.parse(header.token(2));
        } catch (IllegalArgumentException e) {
            return new MalformedRecord(line, conditions, e.getMessage());
        }
        if (options.unsupported().isPresent()) {
            return new UnsupportedRecord(line, conditions, options.unsupported().get());
        }
        Optional<List<String>> names = Optional.empty();
        if (options.colnames()) {
            if (resultLines.isEmpty()) {
                return new MalformedRecord(line, conditions, "colnames needs the column names as the first result line");
            }
            names = Optional.of(columnNames(resultLines.get(0).text()));
            resultLines = resultLines.subList(1, resultLines.size());
        }
        int resultLine = resultLines.isEmpty() ? line : resultLines.get(0).number();
        Optional<String> label = header.token(3).isEmpty() ? Optional.empty() : Optional.of(header.token(3));
        QueryExpectation expectation;
        try {
            expectation = options.multiline()
                    ? multilineResult(separator >= 0, resultLines)
                    : expectedResult(resultLines, mode, types.size(), options.sort());
            return new QueryRecord(line, conditions, sql, types, options.sort(), label, expectation, resultLine, mode,
                    names, options.sortColumns(), options.retry());
        } catch (IllegalArgumentException e) {
            return new MalformedRecord(line, conditions, e.getMessage());
        }
    }

    /** The names of a {@code colnames} line: separated by spaces, {@code ␠} for a space in a name. */
    private static List<String> columnNames(String text) {
        List<String> names = new ArrayList<>();
        for (String name : text.trim().split("\\s+")) {
            names.add(name.replace(RenderMode.SPACE_SYMBOL, ' '));
        }
        return names;
    }

    /** A {@code multiline} result: one value, the lines up to the line {@code EOF}. */
    private static QueryExpectation multilineResult(boolean hasSeparator, List<SourceLine> resultLines) {
        int end = -1;
        for (int i = 0; i < resultLines.size() && end < 0; i++) {
            if (resultLines.get(i).text().equals(END_OF_VALUE)) {
                end = i;
            }
        }
        if (!hasSeparator || end < 0) {
            throw new IllegalArgumentException("a multiline result runs from ---- to a line " + END_OF_VALUE
                    + ", which is missing");
        }
        return new QueryExpectation.Values(List.of(join(resultLines.subList(0, end))));
    }

    private static QueryExpectation expectedResult(List<SourceLine> resultLines, RenderMode mode, int columns,
                                                   SortMode sort) {
        if (resultLines.size() == 1) {
            Optional<QueryExpectation.Hash> hash = QueryExpectation.Hash.parse(resultLines.get(0).text());
            if (hash.isPresent()) {
                return hash.get();
            }
        }
        List<String> values = new ArrayList<>();
        for (SourceLine resultLine : resultLines) {
            String text = resultLine.text();
            if (mode == RenderMode.COCKROACH) {
                values.addAll(cockroachRow(resultLine, columns, sort));
            } else if (text.indexOf('\t') < 0) {
                values.add(text);
            } else {
                values.addAll(List.of(text.split("\t", -1)));
            }
        }
        return new QueryExpectation.Values(values);
    }

    /**
     * A row of {@code mode cockroach}: the whole line (trimmed) for one column, else the words
     * between runs of white space; {@code ␠} stands for a space inside a value. A sorted result
     * must have a word per column; an unsorted one may not (Materialize's rule).
     */
    private static List<String> cockroachRow(SourceLine line, int columns, SortMode sort) {
        String text = line.text().trim();
        String[] words = columns == 1 ? new String[] {text} : text.split("\\s+");
        if (sort != SortMode.NOSORT && words.length != columns) {
            throw new IllegalArgumentException("line " + line.number() + " has " + words.length
                    + " values, the query declares " + columns + " columns");
        }
        List<String> values = new ArrayList<>(words.length);
        for (String word : words) {
            values.add(word.replace(RenderMode.SPACE_SYMBOL, ' '));
        }
        return values;
    }

    /** The malformed-record problem of an error expectation that cannot be built. */
    private static String errorProblem(IllegalArgumentException e) {
        return e instanceof PatternSyntaxException syntax
                ? "invalid error regex: " + syntax.getDescription()
                : e.getMessage();
    }

    /** The expectation of {@code statement error} / {@code query error}: a regex, a message, or any. */
    private static ErrorExpectation errorExpectation(Header header, List<SourceLine> messageLines) {
        boolean pgcode = header.token(2).equals("pgcode");
        String regex = header.restAfter(pgcode ? 4 : 2);
        ErrorExpectation message;
        if (!regex.isEmpty()) {
            message = ErrorExpectation.MessageRegex.of(regex);
        } else if (!messageLines.isEmpty()) {
            message = new ErrorExpectation.MessageContains(join(messageLines));
        } else {
            message = new ErrorExpectation.AnyError();
        }
        return pgcode ? new ErrorExpectation.WithSqlState(header.token(3), message) : message;
    }

    private static Record hashThreshold(int line, List<Condition> conditions, Header header) {
        try {
            int threshold = Integer.parseInt(header.token(1));
            if (threshold >= 0) {
                return new HashThresholdRecord(line, conditions, threshold);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        return new MalformedRecord(line, conditions,
                "hash-threshold needs a non-negative integer, got '" + header.token(1) + "'");
    }

    private static Record mode(int line, List<Condition> conditions, Header header) {
        switch (header.token(1)) {
            case "skip":
                return new ModeRecord(line, conditions, true);
            case "unskip":
                return new ModeRecord(line, conditions, false);
            default:
                return new MalformedRecord(line, conditions,
                        "unsupported mode '" + header.token(1) + "' (expected skip or unskip)");
        }
    }

    private static int separatorIndex(List<SourceLine> lines) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).text().equals(SEPARATOR)) {
                return i;
            }
        }
        return -1;
    }

    private static String join(List<SourceLine> lines) {
        StringBuilder text = new StringBuilder();
        for (SourceLine line : lines) {
            if (text.length() > 0) {
                text.append('\n');
            }
            text.append(line.text());
        }
        return text.toString();
    }
}
