package dev.spindle.planner.shape;

import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * A query's shape found from its text, without parsing it: the text with its numbers and the
 * names of its tables replaced by marks is the key of what an earlier query of that text made
 * (its {@link LiteralLifter.Key} and which of its numbers were lifted into which slots). A query
 * whose text differs from an earlier one's only in lifted numbers (of the same types) and in which
 * tables it names (of the same columns) has that earlier query's shape, so it skips parsing and
 * lifting and binds its values into the shape's template: the {@code index/} files of the
 * sqllogictest corpus ask each question over five tables with other constants, and parsing was a
 * third of such a query.
 *
 * <p>Reading a text ({@link #scan}) is a lexer's first pass: strings, quoted names and comments
 * are kept as they are; a number is a run of digits with at most one point and an exponent, not
 * touching a name; a name that is a table or view of the catalog (lower-cased, as unquoted names
 * are, and not a keyword) becomes a mark of its order of first appearance. An entry is made
 * ({@link #entry}) only when the marks match the parse exactly: every table mark stands where the
 * lifter put a table slot and every table slot under a mark; every lifted literal under a number
 * of the same value, and every slot under at least one number. Numbers that were not lifted must
 * be the same text in a later query. A later query binds ({@link #bind}) only if each lifted
 * number has its slot's type (a different type, such as {@code 5} against {@code 5.0}, is another
 * shape) and numbers that share a slot agree. Anything else — a text with tabs or carriage
 * returns (columns), a long one, an unterminated string — is not read, and the query is parsed.
 *
 * <p>Thread-safety: immutable records and static functions; the cache of entries is
 * {@link ShapeCache}'s.
 */
public final class ShapeText {
    /** Longer texts are parsed: the corpus's repeated questions are short. */
    public static final int MAX_LENGTH = 4096;
    /** A table mark: a character no unquoted name or number holds. */
    private static final char TABLE_MARK = '\u0001';
    /** A number's mark. */
    private static final char NUMBER_MARK = '\u0002';
    private static final SqlParserPos NOWHERE = SqlParserPos.ZERO;

    private ShapeText() {
    }

    /**
     * A text read for its key.
     *
     * @param key the text, numbers and table names marked
     * @param numbers the numbers' texts, in order
     * @param numberAt their positions ({@link LiteralLifter#position})
     * @param minusAt per number, the position of a {@code -} just before it (spaces between), else 0:
     *     the parser makes {@code - 5} one negative literal there
     * @param tables the names of the tables marked, in order of first appearance
     * @param tableAt the marked names' positions, with the index of their table in {@code tables}
     */
    public record Scan(String key, List<String> numbers, long[] numberAt, long[] minusAt, List<String> tables,
                       Map<Long, Integer> tableAt) {
    }

    /**
     * What a key's first query made.
     *
     * @param shape the shape's key (its table signatures those of the first query's tables)
     * @param slotOf per number of the text, its literal slot, or -1 if it was not lifted
     * @param negated per number, whether its slot holds it negated (the {@code -} before it)
     * @param kept per number that was not lifted, its text (null for lifted ones)
     * @param slotTypes the type of each slot
     */
    public record Entry(LiteralLifter.Key shape, int[] slotOf, boolean[] negated, String[] kept, RelDataType[] slotTypes) {
    }

    /** A later query's shape: as {@link LiteralLifter.Shape} without its tree. */
    public record Bound(LiteralLifter.Key key, List<LiftedLiteral.Value> literals, List<CatalogItem> tables) {
    }

    /**
     * {@code sql} read over {@code catalog}, or null if it is not read (see the class comment).
     *
     * @param keyword true for a name the parser takes as a keyword (never marked as a table)
     */
    public static Scan scan(String sql, Catalog catalog, Predicate<String> keyword) {
        int n = sql.length();
        if (n > MAX_LENGTH || !startsAsQuery(sql)) {
            return null;
        }
        StringBuilder key = new StringBuilder(n);
        List<String> numbers = new ArrayList<>();
        List<Long> numberAt = new ArrayList<>();
        List<Long> minusAt = new ArrayList<>();
        Map<String, Integer> tables = new LinkedHashMap<>();
        Map<Long, Integer> tableAt = new LinkedHashMap<>();
        int line = 1;
        int lineStart = 0;
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\t' || c == '\r') {
                return null;
            }
            if (c == '\n') {
                key.append(c);
                i++;
                line++;
                lineStart = i;
            } else if (c == '\'' || c == '"') {
                int end = quotedEnd(sql, i);
                if (end < 0) {
                    return null;
                }
                key.append(sql, i, end);
                i = end;
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                int end = sql.indexOf('\n', i);
                end = end < 0 ? n : end;
                key.append(sql, i, end);
                i = end;
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int end = sql.indexOf("*/", i + 2);
                if (end < 0 || sql.substring(i, end).indexOf('\n') >= 0) {
                    return null;
                }
                key.append(sql, i, end + 2);
                i = end + 2;
            } else if (isNamePart(c) && !Character.isDigit(c)) {
                int end = i + 1;
                while (end < n && isNamePart(sql.charAt(end))) {
                    end++;
                }
                String name = sql.substring(i, end).toLowerCase(Locale.ROOT);
                CatalogItem item = catalog.byName(name).orElse(null);
                if ((item instanceof CatalogItem.Table || item instanceof CatalogItem.View) && isPlainName(name)
                        && !keyword.test(name)) {
                    Integer t = tables.computeIfAbsent(name, k -> tables.size());
                    tableAt.put(LiteralLifter.position(line, i - lineStart + 1), t);
                    key.append(TABLE_MARK).append(t).append(TABLE_MARK);
                } else {
                    key.append(sql, i, end);
                }
                i = end;
            } else if (Character.isDigit(c) || c == '.' && i + 1 < n && Character.isDigit(sql.charAt(i + 1))) {
                if (i > 0 && (isNamePart(sql.charAt(i - 1)) || sql.charAt(i - 1) == '.')) {
                    return null; // touching a name or a point: not a plain number
                }
                int end = number(sql, i);
                if (end < 0) {
                    return null;
                }
                numbers.add(sql.substring(i, end));
                numberAt.add(LiteralLifter.position(line, i - lineStart + 1));
                int m = i - 1;
                while (m >= lineStart && sql.charAt(m) == ' ') {
                    m--;
                }
                minusAt.add(m >= lineStart && sql.charAt(m) == '-' ? LiteralLifter.position(line, m - lineStart + 1) : 0L);
                key.append(NUMBER_MARK);
                i = end;
            } else {
                key.append(c);
                i++;
            }
        }
        long[] at = new long[numberAt.size()];
        long[] minus = new long[numberAt.size()];
        for (int k = 0; k < at.length; k++) {
            at[k] = numberAt.get(k);
            minus[k] = minusAt.get(k);
        }
        return new Scan(key.toString(), List.copyOf(numbers), at, minus, List.copyOf(tables.keySet()), tableAt);
    }

    /**
     * Where the string or quoted name opening at {@code i} ends (past its closing quote; a doubled
     * quote stands for itself), or -1 if it is unterminated or holds a line break or tab (which
     * would make positions harder to follow).
     */
    private static int quotedEnd(String sql, int i) {
        char quote = sql.charAt(i);
        for (int end = i + 1; end < sql.length(); end++) {
            char d = sql.charAt(end);
            if (d == '\n' || d == '\t' || d == '\r') {
                return -1;
            }
            if (d == quote) {
                if (end + 1 < sql.length() && sql.charAt(end + 1) == quote) {
                    end++;
                    continue;
                }
                return end + 1;
            }
        }
        return -1;
    }

    /**
     * Whether {@code sql} starts (after spaces and line breaks) with {@code SELECT} or a bracket:
     * other statements (DDL, INSERT, DELETE) are never planned from their text, and reading them
     * would be wasted.
     */
    private static boolean startsAsQuery(String sql) {
        int i = 0;
        while (i < sql.length() && (sql.charAt(i) == ' ' || sql.charAt(i) == '\n')) {
            i++;
        }
        return sql.startsWith("(", i) || sql.regionMatches(true, i, "select", 0, 6);
    }

    /** Where the number starting at {@code i} ends, or -1 if what follows it is not plain. */
    private static int number(String sql, int i) {
        int n = sql.length();
        int end = i;
        while (end < n && Character.isDigit(sql.charAt(end))) {
            end++;
        }
        if (end < n && sql.charAt(end) == '.') {
            end++;
            while (end < n && Character.isDigit(sql.charAt(end))) {
                end++;
            }
        }
        if (end < n && (sql.charAt(end) == 'e' || sql.charAt(end) == 'E')) {
            int e = end + 1;
            if (e < n && (sql.charAt(e) == '+' || sql.charAt(e) == '-')) {
                e++;
            }
            if (e >= n || !Character.isDigit(sql.charAt(e))) {
                return -1;
            }
            while (e < n && Character.isDigit(sql.charAt(e))) {
                e++;
            }
            end = e;
        }
        if (end < n && (isNamePart(sql.charAt(end)) || sql.charAt(end) == '.' || sql.charAt(end) == '\'')) {
            return -1;
        }
        return end - i > 40 ? -1 : end;
    }

    private static boolean isNamePart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    /** A name the parser reads as itself, lower-cased: ASCII letters, digits and underscores. */
    private static boolean isPlainName(String name) {
        for (int k = 0; k < name.length(); k++) {
            char c = name.charAt(k);
            if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_')) {
                return false;
            }
        }
        return true;
    }

    /**
     * The entry for {@code scan}'s key made from {@code shape}, the lifter's shape of the same
     * text's parse, or null if the text's marks and the shape do not match exactly.
     */
    public static Entry entry(Scan scan, LiteralLifter.Shape shape, RelDataTypeFactory types) {
        if (!scan.tableAt().equals(shape.tableAt()) || scan.tables().size() != shape.tables().size()) {
            return null;
        }
        for (int t = 0; t < scan.tables().size(); t++) {
            if (!scan.tables().get(t).equals(shape.tables().get(t).name())) {
                return null;
            }
        }
        int count = scan.numbers().size();
        int[] slotOf = new int[count];
        boolean[] negated = new boolean[count];
        String[] kept = new String[count];
        boolean[] covered = new boolean[shape.literals().size()];
        int lifted = 0;
        for (int k = 0; k < count; k++) {
            Integer slot = shape.literalAt().get(scan.numberAt()[k]);
            if (slot == null && scan.minusAt()[k] != 0) {
                slot = shape.literalAt().get(scan.minusAt()[k]);
                negated[k] = slot != null;
            }
            if (slot == null) {
                slotOf[k] = -1;
                kept[k] = scan.numbers().get(k);
                continue;
            }
            LiftedLiteral.Value v = shape.literals().get(slot);
            LiftedLiteral.Value read = value(scan.numbers().get(k), negated[k], types);
            if (read == null || read.value().compareTo(v.value()) != 0 || !read.type().equals(v.type())) {
                return null; // the literal there is not this number (a folded sign, say)
            }
            slotOf[k] = slot;
            covered[slot] = true;
            lifted++;
        }
        if (lifted != shape.literalAt().size()) {
            return null; // a lifted literal under no number of the text
        }
        RelDataType[] slotTypes = new RelDataType[covered.length];
        for (int s = 0; s < covered.length; s++) {
            if (!covered[s]) {
                return null;
            }
            slotTypes[s] = shape.literals().get(s).type();
        }
        return new Entry(shape.key(), slotOf, negated, kept, slotTypes);
    }

    /**
     * The shape of the query {@code scan} read, from the entry of its key over {@code catalog},
     * or null if it does not bind (a number of another type or text, tables of other columns).
     */
    public static Bound bind(Entry entry, Scan scan, Catalog catalog, RelDataTypeFactory types) {
        if (scan.numbers().size() != entry.slotOf().length) {
            return null;
        }
        List<CatalogItem> tables = new ArrayList<>(scan.tables().size());
        List<Object> signatures = new ArrayList<>(2 * scan.tables().size());
        for (String name : scan.tables()) {
            CatalogItem t = catalog.byName(name).orElse(null);
            if (t instanceof CatalogItem.View) {
                signatures.add(((CatalogItem.View) t).desc());
            } else if (t instanceof CatalogItem.Table) {
                signatures.add(((CatalogItem.Table) t).desc());
            } else {
                return null;
            }
            signatures.add(t instanceof CatalogItem.View);
            tables.add(t);
        }
        if (!signatures.equals(entry.shape().tables())) {
            return null;
        }
        LiftedLiteral.Value[] values = new LiftedLiteral.Value[entry.slotTypes().length];
        for (int k = 0; k < entry.slotOf().length; k++) {
            String text = scan.numbers().get(k);
            int slot = entry.slotOf()[k];
            if (slot < 0) {
                if (!text.equals(entry.kept()[k])) {
                    return null;
                }
                continue;
            }
            LiftedLiteral.Value v = value(text, entry.negated()[k], types);
            if (v == null || !v.type().equals(entry.slotTypes()[slot])) {
                return null;
            }
            if (values[slot] != null && values[slot].value().compareTo(v.value()) != 0) {
                return null;
            }
            values[slot] = v;
        }
        return new Bound(entry.shape(), List.of(values), List.copyOf(tables));
    }

    /**
     * The exact literal {@code text} is (negated: the negative literal of {@code - text}), with its
     * type, as the parser makes it; null if approximate.
     */
    private static LiftedLiteral.Value value(String text, boolean negated, RelDataTypeFactory types) {
        if (text.indexOf('e') >= 0 || text.indexOf('E') >= 0) {
            return null;
        }
        SqlNumericLiteral lit = SqlLiteral.createExactNumeric(text, NOWHERE);
        if (negated) {
            lit = SqlLiteral.createNegative(lit, NOWHERE);
        }
        return new LiftedLiteral.Value(lit.getValueAs(BigDecimal.class), lit.createSqlType(types));
    }
}
