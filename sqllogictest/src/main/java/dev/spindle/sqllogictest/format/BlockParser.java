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

    static Record parse(int line, List<Condition> conditions, Header header, List<SourceLine> body) {
        String kind = header.token(0);
        switch (kind) {
            case "statement":
                return statement(line, conditions, header, body);
            case "query":
                return query(line, conditions, header, body);
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
                } catch (PatternSyntaxException e) {
                    return new MalformedRecord(line, conditions, "invalid error regex: " + e.getDescription());
                }
                break;
            default:
                return new MalformedRecord(line, conditions,
                        "statement argument should be 'ok', 'error' or 'count N', got '" + argument + "'");
        }
        if (sqlLines.isEmpty()) {
            return new MalformedRecord(line, conditions, "statement has no SQL");
        }
        return new StatementRecord(line, conditions, join(sqlLines), expectation);
    }

    private static Record query(int line, List<Condition> conditions, Header header, List<SourceLine> body) {
        int separator = separatorIndex(body);
        List<SourceLine> sqlLines = separator < 0 ? body : body.subList(0, separator);
        List<SourceLine> resultLines = separator < 0 ? List.of() : body.subList(separator + 1, body.size());
        int resultLine = resultLines.isEmpty() ? line : resultLines.get(0).number();
        if (sqlLines.isEmpty()) {
            return new MalformedRecord(line, conditions, "query has no SQL");
        }
        String sql = join(sqlLines);
        if (header.token(1).equals("error")) {
            try {
                QueryExpectation expectation = new QueryExpectation.Error(errorExpectation(header, resultLines));
                return new QueryRecord(line, conditions, sql, List.of(), SortMode.NOSORT, Optional.empty(),
                        expectation, resultLine);
            } catch (PatternSyntaxException e) {
                return new MalformedRecord(line, conditions, "invalid error regex: " + e.getDescription());
            }
        }
        if (header.token(1).isEmpty()) {
            return new MalformedRecord(line, conditions, "query has no type string");
        }
        List<ResultType> types = new ArrayList<>();
        SortMode sort;
        try {
            for (char letter : header.token(1).toCharArray()) {
                types.add(ResultType.of(letter));
            }
            sort = header.token(2).isEmpty() ? SortMode.NOSORT : SortMode.of(header.token(2));
        } catch (IllegalArgumentException e) {
            return new MalformedRecord(line, conditions, e.getMessage());
        }
        Optional<String> label = header.token(3).isEmpty() ? Optional.empty() : Optional.of(header.token(3));
        return new QueryRecord(line, conditions, sql, types, sort, label, expectedResult(resultLines), resultLine);
    }

    private static QueryExpectation expectedResult(List<SourceLine> resultLines) {
        if (resultLines.size() == 1) {
            Optional<QueryExpectation.Hash> hash = QueryExpectation.Hash.parse(resultLines.get(0).text());
            if (hash.isPresent()) {
                return hash.get();
            }
        }
        List<String> values = new ArrayList<>();
        for (SourceLine resultLine : resultLines) {
            String text = resultLine.text();
            if (text.indexOf('\t') < 0) {
                values.add(text);
            } else {
                values.addAll(List.of(text.split("\t", -1)));
            }
        }
        return new QueryExpectation.Values(values);
    }

    /** The expectation of {@code statement error} / {@code query error}: a regex, a message, or any. */
    private static ErrorExpectation errorExpectation(Header header, List<SourceLine> messageLines) {
        String regex = header.restAfter(2);
        if (!regex.isEmpty()) {
            return ErrorExpectation.MessageRegex.of(regex);
        }
        if (!messageLines.isEmpty()) {
            return new ErrorExpectation.MessageContains(join(messageLines));
        }
        return new ErrorExpectation.AnyError();
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
