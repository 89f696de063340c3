package dev.spindle.common.error;

import java.util.Objects;

/**
 * Every error Spindle reports to a user, with its SQLSTATE, a stable vendor number and a message
 * template. A name ends in the number of arguments its template takes ({@code TABLE_NOT_FOUND_1}
 * takes one), and each constant's javadoc shows an example message.
 *
 * <p>SQLSTATEs follow PostgreSQL's assignments where PostgreSQL has the same error, so tools that
 * know PostgreSQL classify Spindle's errors correctly. Errors that only a multi-version engine has
 * (reads outside a collection's {@code [since, upper)}) use class {@code 22000} ("data
 * exception"), as DESIGN.md §4 records. Numbers are never reused; add new codes at the end of their
 * group with a fresh number.
 */
public enum ErrorCode {
    // ---- 0A: feature not supported
    /** {@code Not supported: window functions} */
    FEATURE_NOT_SUPPORTED_1("0A000", 1001, "Not supported: {0}"),

    // ---- 22: data exceptions
    /** {@code division by zero} */
    DIVISION_BY_ZERO_0("22012", 2201, "division by zero"),
    /** {@code integer out of range} */
    NUMERIC_OUT_OF_RANGE_1("22003", 2202, "{0} out of range"),
    /** {@code invalid input syntax for type integer: "abc"} */
    INVALID_TEXT_REPRESENTATION_2("22P02", 2203, "invalid input syntax for type {0}: \"{1}\""),
    /** {@code value too long for type VARCHAR(3)} */
    STRING_DATA_RIGHT_TRUNCATION_1("22001", 2204, "value too long for type {0}"),
    /** {@code invalid value for parameter "workers": "-1"} */
    INVALID_PARAMETER_VALUE_2("22023", 2205, "invalid value for parameter \"{0}\": \"{1}\""),
    /** {@code Timestamp (5) is not valid for all inputs: [u1 since 10]} */
    TIMESTAMP_NOT_VALID_2("22000", 2206, "Timestamp ({0}) is not valid for all inputs: {1}"),
    /** {@code Arrangement compaction frontier (10) is beyond the time of the attempted read (5)} */
    COMPACTION_FRONTIER_BEYOND_READ_2("22000", 2207,
            "Arrangement compaction frontier ({0}) is beyond the time of the attempted read ({1})"),
    /** {@code Collection u1 cannot be read at 5: compacted up to since 10} */
    READ_BEFORE_SINCE_3("22000", 2208, "Collection {0} cannot be read at {1}: compacted up to since {2}"),
    /** {@code Collection u1 cannot be read at 9: times from 7 on are not sealed} */
    READ_NOT_SEALED_3("22000", 2209, "Collection {0} cannot be read at {1}: times from {2} on are not sealed"),
    /** {@code Collection u1 cannot be written at 3: times before 7 are sealed} */
    WRITE_BEHIND_UPPER_3("22000", 2210, "Collection {0} cannot be written at {1}: times before {2} are sealed"),
    /** {@code Collection u1 cannot be compacted back from since 10 to 5} */
    SINCE_REGRESSION_3("22000", 2211, "Collection {0} cannot be compacted back from since {1} to {2}"),
    /** {@code Collection u1 cannot move its upper back from 10 to 5} */
    UPPER_REGRESSION_3("22000", 2212, "Collection {0} cannot move its upper back from {1} to {2}"),
    /** {@code Collection u1 would hold a negative count (-1) of row (3)} */
    NEGATIVE_MULTIPLICITY_3("XX000", 2213, "Collection {0} would hold a negative count ({1}) of row {2}"),
    /** {@code value out of range: overflow} (a DOUBLE or REAL result became infinite) */
    FLOAT_OVERFLOW_0("22003", 2214, "value out of range: overflow"),
    /** {@code value out of range: underflow} (a DOUBLE or REAL result became zero) */
    FLOAT_UNDERFLOW_0("22003", 2215, "value out of range: underflow"),
    /** {@code numeric field overflow: a field with precision 5, scale 2 must round to an absolute value less than 10^3} */
    NUMERIC_FIELD_OVERFLOW_3("22003", 2216,
            "numeric field overflow: a field with precision {0}, scale {1} must round to an absolute value less than 10^{2}"),
    /** {@code value overflows numeric format} */
    NUMERIC_VALUE_OVERFLOW_0("22003", 2217, "value overflows numeric format"),
    /** {@code value "99999999999" is out of range for type integer} */
    VALUE_OUT_OF_RANGE_FOR_TYPE_2("22003", 2218, "value \"{0}\" is out of range for type {1}"),
    /** {@code input is out of range} (e.g. {@code asin(2)}) */
    INPUT_OUT_OF_RANGE_0("22003", 2219, "input is out of range"),
    /** {@code invalid input syntax for type date: "yesterday"} */
    INVALID_DATETIME_FORMAT_2("22007", 2220, "invalid input syntax for type {0}: \"{1}\""),
    /** {@code date/time field value out of range: "2024-13-01"} */
    DATETIME_FIELD_OUT_OF_RANGE_1("22008", 2221, "date/time field value out of range: \"{0}\""),
    /** {@code date out of range} */
    DATETIME_OUT_OF_RANGE_1("22008", 2222, "{0} out of range"),
    /** {@code cannot take logarithm of zero} */
    LOG_OF_ZERO_0("2201E", 2223, "cannot take logarithm of zero"),
    /** {@code cannot take logarithm of a negative number} */
    LOG_OF_NEGATIVE_0("2201E", 2224, "cannot take logarithm of a negative number"),
    /** {@code cannot take square root of a negative number} */
    SQRT_OF_NEGATIVE_0("2201F", 2225, "cannot take square root of a negative number"),
    /** {@code zero raised to a negative power is undefined} */
    ZERO_TO_NEGATIVE_POWER_0("2201F", 2226, "zero raised to a negative power is undefined"),
    /** {@code a negative number raised to a non-integer power yields a complex result} */
    NEGATIVE_TO_FRACTIONAL_POWER_0("2201F", 2227, "a negative number raised to a non-integer power yields a complex result"),
    /** {@code negative substring length not allowed} */
    NEGATIVE_SUBSTRING_LENGTH_0("22011", 2228, "negative substring length not allowed"),
    /** {@code LIKE pattern must not end with escape character} */
    LIKE_PATTERN_TRAILING_ESCAPE_0("22025", 2229, "LIKE pattern must not end with escape character"),
    /** {@code invalid escape string "ab": must be empty or one character} */
    INVALID_ESCAPE_STRING_1("22025", 2230, "invalid escape string \"{0}\": must be empty or one character"),

    // ---- 23: integrity constraint violations
    /** {@code null value in column "a" violates not-null constraint} */
    NOT_NULL_VIOLATION_1("23502", 2301, "null value in column \"{0}\" violates not-null constraint"),
    /**
     * {@code duplicate key value violates unique constraint "t_w_key": Key (w)=(1) already exists.}
     * (PostgreSQL's message and, after the colon, its detail; arguments: the constraint or unique
     * index, the key's columns, its values as text)
     */
    UNIQUE_VIOLATION_3("23505", 2302,
            "duplicate key value violates unique constraint \"{0}\": Key ({1})=({2}) already exists."),
    /**
     * {@code could not create unique index "t_k_idx": Key (k)=(1) is duplicated.} (PostgreSQL's
     * message and detail: the rows a unique index is created over already repeat a key)
     */
    UNIQUE_INDEX_DUPLICATES_3("23505", 2303, "could not create unique index \"{0}\": Key ({1})=({2}) is duplicated."),

    // ---- 25: invalid transaction state
    /** {@code CREATE TABLE cannot run inside a transaction block} */
    ACTIVE_SQL_TRANSACTION_1("25001", 2501, "{0} cannot run inside a transaction block"),
    /** {@code current transaction is aborted, commands ignored until end of transaction block} */
    IN_FAILED_SQL_TRANSACTION_0("25P02", 2502,
            "current transaction is aborted, commands ignored until end of transaction block"),

    // ---- 40: transaction rollback
    /** {@code could not serialize access due to concurrent update of t} (retry the transaction) */
    SERIALIZATION_FAILURE_1("40001", 4001, "could not serialize access due to concurrent update of {0}"),

    // ---- 42: syntax errors and access rule violations
    /** {@code syntax error at or near "FORM"} */
    SYNTAX_ERROR_1("42601", 4201, "{0}"),
    /** {@code relation "t" does not exist} */
    TABLE_NOT_FOUND_1("42P01", 4202, "relation \"{0}\" does not exist"),
    /** {@code relation "t" already exists} */
    TABLE_ALREADY_EXISTS_1("42P07", 4203, "relation \"{0}\" already exists"),
    /** {@code index "i" does not exist} */
    INDEX_NOT_FOUND_1("42704", 4204, "index \"{0}\" does not exist"),
    /** {@code index "i" already exists} */
    INDEX_ALREADY_EXISTS_1("42P07", 4205, "index \"{0}\" already exists"),
    /** {@code column "c" does not exist} */
    COLUMN_NOT_FOUND_1("42703", 4206, "column \"{0}\" does not exist"),
    /** {@code function foo(integer) does not exist} */
    UNDEFINED_FUNCTION_1("42883", 4207, "function {0} does not exist"),
    /** {@code column "a" is of type integer but expression is of type text} */
    DATATYPE_MISMATCH_3("42804", 4208, "column \"{0}\" is of type {1} but expression is of type {2}"),
    /** {@code cannot drop table t because index i depends on it} */
    DEPENDENT_OBJECTS_STILL_EXIST_2("2BP01", 4209, "cannot drop {0} because {1} depends on it"),
    /** {@code index "u5" was dropped} (a read of an index dropped before or while it waited) */
    INDEX_DROPPED_1("42704", 4210, "index \"{0}\" was dropped"),
    /**
     * {@code permission denied for spindle_catalog.tables: system relations are read-only}
     * (PostgreSQL's insufficient_privilege: writing or dropping a system relation, creating an
     * object in a system schema)
     */
    INSUFFICIENT_PRIVILEGE_2("42501", 4211, "permission denied for {0}: {1}"),
    /** {@code schema "nope" does not exist} (class 3F, invalid schema name) */
    SCHEMA_NOT_FOUND_1("3F000", 4212, "schema \"{0}\" does not exist"),
    /** {@code multiple primary keys for table "t" are not allowed} (PostgreSQL's invalid_table_definition) */
    INVALID_TABLE_DEFINITION_1("42P16", 4213, "{0}"),
    /** {@code column "a" specified more than once} (PostgreSQL's duplicate_column) */
    DUPLICATE_COLUMN_1("42701", 4214, "{0}"),
    /** {@code missing FROM-clause entry for table "t"} (a qualifier naming no table of the FROM clause) */
    MISSING_FROM_ENTRY_1("42P01", 4215, "missing FROM-clause entry for table \"{0}\""),
    /**
     * {@code operator does not exist: integer = boolean} (no operator takes these operand types
     * without an explicit cast; PostgreSQL's undefined_function)
     */
    UNDEFINED_OPERATOR_1("42883", 4220, "operator does not exist: {0}"),
    /** {@code UNION types integer and text cannot be matched} (also CASE, VALUES, INTERSECT, EXCEPT) */
    TYPES_CANNOT_BE_MATCHED_3("42804", 4221, "{0} types {1} and {2} cannot be matched"),

    // ---- 53: insufficient resources
    /**
     * {@code out of memory: planning the statement} (the JVM ran out of heap while running one
     * statement; the statement fails, its garbage is collectable and the database keeps serving)
     */
    OUT_OF_MEMORY_1("53200", 5301, "out of memory: {0}"),

    // ---- 54: program limit exceeded
    /** {@code requested length too large} (e.g. {@code repeat('x', 1000000000)}) */
    REQUESTED_LENGTH_TOO_LARGE_0("54000", 5401, "requested length too large"),
    /**
     * {@code statement too complex: brackets nested deeper than 200 levels at line 1, column 208}
     * (PostgreSQL's "stack depth limit exceeded": a statement nested too deeply to parse or plan)
     */
    STATEMENT_TOO_COMPLEX_1("54001", 5402, "statement too complex: {0}"),
    /** {@code statement too long: 1048576 characters (at most 1000000)} */
    STATEMENT_TOO_LONG_2("54000", 5403, "statement too long: {0} characters (at most {1})"),

    // ---- 55: object not in prerequisite state
    /**
     * {@code database /data/db is in use by another process (pid 4242 since 2026-12-01T22:00:00Z)}
     * (a file-mode database directory is locked by whoever opened it first)
     */
    DATABASE_IN_USE_2("55006", 5501, "database {0} is in use by {1}"),

    // ---- 57: operator intervention
    /** {@code canceling statement due to user request} */
    QUERY_CANCELED_0("57014", 5701, "canceling statement due to user request"),
    /** {@code the database is closed} */
    DATABASE_CLOSED_0("57P01", 5702, "the database is closed"),
    /** {@code canceling statement due to statement timeout} */
    STATEMENT_TIMEOUT_0("57014", 5703, "canceling statement due to statement timeout"),

    // ---- 58: system errors
    /**
     * {@code the database stopped accepting writes after an I/O error (sync of log-0000000001.wal
     * failed: No space left on device); reopen it} (every write after the first failed write or
     * sync of a file-mode database, until it is reopened)
     */
    DATABASE_POISONED_1("58030", 5801, "the database stopped accepting writes after an I/O error ({0}); reopen it"),
    /** {@code could not open database /data/db: Permission denied} */
    DATABASE_IO_ERROR_2("58030", 5802, "could not {0}: {1}"),

    // ---- XX: internal errors
    /** {@code internal error: worker 1 stopped} */
    INTERNAL_ERROR_1("XX000", 9901, "internal error: {0}"),
    /**
     * {@code database file log-0000000002.wal is damaged at offset 4096: checksum mismatch} (a
     * file-mode database refuses to open rather than answer from damaged data)
     */
    DATABASE_CORRUPTED_3("XX001", 9902, "database file {0} is damaged at offset {1}: {2}");

    private final String sqlState;
    private final int number;
    private final String template;
    private final int arity;

    ErrorCode(String sqlState, int number, String template) {
        if (sqlState.length() != 5) {
            throw new IllegalArgumentException("SQLSTATE must have 5 characters: " + sqlState);
        }
        this.sqlState = sqlState;
        this.number = number;
        this.template = template;
        this.arity = Integer.parseInt(name().substring(name().lastIndexOf('_') + 1));
    }

    /** The five-character SQLSTATE. */
    public String sqlState() {
        return sqlState;
    }

    /** Spindle's stable vendor code, reported as {@code SQLException.getErrorCode()}. */
    public int number() {
        return number;
    }

    /** The template, with {@code {0}}, {@code {1}}, ... for the arguments. */
    public String template() {
        return template;
    }

    /** Number of arguments the template takes (the suffix of the name). */
    public int arity() {
        return arity;
    }

    /**
     * The message for {@code args}.
     *
     * @throws IllegalArgumentException if the number of arguments is not {@link #arity()}
     */
    public String format(Object... args) {
        if (args.length != arity) {
            throw new IllegalArgumentException(name() + " takes " + arity + " arguments, got " + args.length);
        }
        StringBuilder sb = new StringBuilder(template.length() + 32);
        for (int i = 0; i < template.length(); i++) {
            char c = template.charAt(i);
            if (c == '{' && i + 2 < template.length() && template.charAt(i + 2) == '}'
                    && Character.isDigit(template.charAt(i + 1))) {
                sb.append(Objects.toString(args[template.charAt(i + 1) - '0']));
                i += 2;
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
