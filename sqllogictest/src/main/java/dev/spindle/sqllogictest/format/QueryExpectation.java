package dev.spindle.sqllogictest.format;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What a {@code query} record expects: values, a hash of the values, or an error. */
public sealed interface QueryExpectation {

    /**
     * The rendered values, row-major. SQLite's files give one value per line; rows of
     * tab-separated values (DuckDB's files) are split into their values at parse time.
     *
     * @param values the expected values, in the order written in the file
     */
    record Values(List<String> values) implements QueryExpectation {
        public Values {
            values = List.copyOf(values);
        }
    }

    /**
     * A single result line {@code <count> values hashing to <md5>}.
     *
     * @param count the number of values hashed
     * @param md5   the lower-case hex MD5 over every value followed by a newline
     */
    record Hash(int count, String md5) implements QueryExpectation {
        private static final Pattern LINE = Pattern.compile("(\\d+) values hashing to ([0-9a-f]{32})");

        public Hash {
            Objects.requireNonNull(md5, "md5");
            if (count < 0) {
                throw new IllegalArgumentException("count must not be negative: " + count);
            }
        }

        /** The result line exactly as the format writes it. */
        public String line() {
            return count + " values hashing to " + md5;
        }

        /** The hash a result line states, if the line has the hash form. */
        public static Optional<Hash> parse(String line) {
            Matcher m = LINE.matcher(line);
            if (!m.matches()) {
                return Optional.empty();
            }
            try {
                return Optional.of(new Hash(Integer.parseInt(m.group(1)), m.group(2)));
            } catch (NumberFormatException tooLarge) {
                return Optional.empty();
            }
        }
    }

    /**
     * {@code query error [...]}: the query fails.
     *
     * @param error what the error message must look like
     */
    record Error(ErrorExpectation error) implements QueryExpectation {
        public Error {
            Objects.requireNonNull(error, "error");
        }
    }
}
