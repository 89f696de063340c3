package dev.spindle.sqllogictest.format;

import java.util.Objects;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * What a record expecting an error says about the error's message.
 *
 * <p>{@code statement error} alone accepts any error (SQLite's format). The extensions add a
 * regular expression on the header line ({@code statement error <regex>}, searched for in the
 * message), DuckDB's form, where the lines after {@code ----} must occur in the message, and
 * CockroachDB's {@code error pgcode XXXXX [regex]}, which also checks the SQLSTATE.
 */
public sealed interface ErrorExpectation {

    /** Whether an error with this message (and no SQLSTATE) satisfies the expectation. */
    default boolean matches(String message) {
        return matches(message, "");
    }

    /**
     * Whether an error satisfies the expectation.
     *
     * @param message  the error's message
     * @param sqlState the error's SQLSTATE, empty if the driver gave none
     */
    boolean matches(String message, String sqlState);

    /** A short human-readable form, for failure reports. */
    String describe();

    /** The same expectation with {@code substitution} applied to its text (loop variables). */
    ErrorExpectation substitute(UnaryOperator<String> substitution);

    /** Any error is accepted. */
    record AnyError() implements ErrorExpectation {
        @Override
        public boolean matches(String message, String sqlState) {
            return true;
        }

        @Override
        public String describe() {
            return "an error";
        }

        @Override
        public ErrorExpectation substitute(UnaryOperator<String> substitution) {
            return this;
        }
    }

    /**
     * The message must contain a match of a regular expression.
     *
     * @param regex the expression, as written in the file (possibly with loop variables)
     */
    record MessageRegex(String regex) implements ErrorExpectation {
        public MessageRegex {
            Objects.requireNonNull(regex, "regex");
        }

        /**
         * The expectation for {@code regex}, checked now unless it still holds a loop variable
         * ({@code ${name}}), which is checked once substituted.
         *
         * @throws PatternSyntaxException if it is not a valid Java regular expression
         */
        public static MessageRegex of(String regex) {
            if (!regex.contains("${")) {
                Pattern.compile(regex);
            }
            return new MessageRegex(regex);
        }

        /** Whether the message contains a match; an expression that does not compile matches nothing. */
        @Override
        public boolean matches(String message, String sqlState) {
            try {
                return message != null && Pattern.compile(regex).matcher(message).find();
            } catch (PatternSyntaxException e) {
                return false;
            }
        }

        @Override
        public String describe() {
            return "an error matching /" + regex + "/";
        }

        @Override
        public ErrorExpectation substitute(UnaryOperator<String> substitution) {
            return new MessageRegex(substitution.apply(regex));
        }
    }

    /**
     * The message must contain a text literally (DuckDB's {@code ----} form).
     *
     * @param text the text that must occur in the message
     */
    record MessageContains(String text) implements ErrorExpectation {
        public MessageContains {
            Objects.requireNonNull(text, "text");
        }

        @Override
        public boolean matches(String message, String sqlState) {
            return message != null && message.contains(text);
        }

        @Override
        public String describe() {
            return "an error containing \"" + text + "\"";
        }

        @Override
        public ErrorExpectation substitute(UnaryOperator<String> substitution) {
            return new MessageContains(substitution.apply(text));
        }
    }

    /**
     * CockroachDB's {@code error pgcode XXXXX [regex]}: the error's SQLSTATE must be the code, and
     * its message must satisfy the rest.
     *
     * @param sqlState the five-character SQLSTATE, compared case-insensitively
     * @param message  what the message must look like ({@link AnyError} when no regex follows)
     */
    record WithSqlState(String sqlState, ErrorExpectation message) implements ErrorExpectation {
        public WithSqlState {
            Objects.requireNonNull(sqlState, "sqlState");
            Objects.requireNonNull(message, "message");
            if (!sqlState.matches("[A-Za-z0-9]{5}")) {
                throw new IllegalArgumentException("a SQLSTATE has five letters or digits, got '" + sqlState + "'");
            }
            if (message instanceof WithSqlState) {
                throw new IllegalArgumentException("one SQLSTATE per expectation");
            }
        }

        @Override
        public boolean matches(String text, String state) {
            return sqlState.equalsIgnoreCase(state) && message.matches(text, state);
        }

        @Override
        public String describe() {
            return message instanceof AnyError ? "an error with SQLSTATE " + sqlState
                    : message.describe() + " with SQLSTATE " + sqlState;
        }

        @Override
        public ErrorExpectation substitute(UnaryOperator<String> substitution) {
            return new WithSqlState(sqlState, message.substitute(substitution));
        }
    }
}
