package dev.spindle.sql.parser.direct;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * The direct parser's reading position in its tokens and the helpers every production uses:
 * looking at the next tokens, reading them, the generated parser's {@code getPos()} (the last
 * token read), and giving up.
 *
 * <p>Thread-safety: an instance is confined to the thread that parses with it.
 */
abstract class TokenCursor {
    /** What the text is not: thrown to give up, caught by {@link DirectParser#parse}. */
    static final class GiveUp extends RuntimeException {
        private static final long serialVersionUID = 1L;
        static final GiveUp INSTANCE = new GiveUp();

        private GiveUp() {
            super(null, null, false, false);
        }
    }

    /** Calcite's {@code ExprContext}, which the generated parser's productions pass on. */
    enum Context { QUERY, NON_QUERY, SUB_QUERY, NON_CURSOR, QUERY_OR_JOIN }

    final QueryTokens t;
    /** The next token. */
    int at;

    TokenCursor(QueryTokens tokens) {
        this.t = tokens;
    }

    static SqlNode giveUp() {
        throw GiveUp.INSTANCE;
    }

    boolean word(String upper) {
        return t.kind[at] == QueryTokens.WORD && t.text[at].equals(upper);
    }

    boolean wordAt(int i, String upper) {
        return i < t.count && t.kind[i] == QueryTokens.WORD && t.text[i].equals(upper);
    }

    boolean symbol(String s) {
        return t.kind[at] == QueryTokens.SYMBOL && t.text[at].equals(s);
    }

    boolean symbolAt(int i, String s) {
        return i < t.count && t.kind[i] == QueryTokens.SYMBOL && t.text[i].equals(s);
    }

    void expectWord(String upper) {
        if (!word(upper)) {
            giveUp();
        }
        at++;
    }

    void expectSymbol(String s) {
        if (!symbol(s)) {
            giveUp();
        }
        at++;
    }

    /** The position of the last token read: the generated parser's {@code getPos()}. */
    SqlParserPos last() {
        return t.pos(at - 1);
    }

    SqlParserPos here() {
        return t.pos(at);
    }

    /** Whether the next token is a word that names something here (column, table, qualifier). */
    boolean nameNext() {
        return t.kind[at] == QueryTokens.WORD && Words.name(t.text[at]);
    }

    /** Whether the next token is a word that is no keyword: an alias without {@code AS}. */
    boolean plainNext() {
        return t.kind[at] == QueryTokens.WORD && Words.plain(t.text[at]);
    }

    String lowerImage(int i) {
        return t.image(i).toLowerCase(Locale.ROOT);
    }

    /** Calcite's checkQueryExpression: a query where only an expression may stand fails. */
    static void checkQuery(Context context) {
        if (context == Context.NON_QUERY || context == Context.SUB_QUERY) {
            giveUp();
        }
    }

    /** Calcite's checkNonQueryExpression. */
    static void checkNonQuery(Context context) {
        if (context == Context.QUERY) {
            giveUp();
        }
    }

    /** SimpleIdentifier: the next token, a word its caller has checked, as a one-part name. */
    SqlIdentifier simpleIdentifier() {
        at++;
        return new SqlIdentifier(lowerImage(at - 1), last());
    }

    /**
     * CompoundIdentifier / CompoundTableIdentifier, the next token a name: names joined by dots,
     * ending in {@code .*} only where {@code star} allows it.
     */
    SqlIdentifier compoundName(boolean star) {
        List<String> names = new ArrayList<>();
        List<SqlParserPos> positions = new ArrayList<>();
        do {
            if (!names.isEmpty()) {
                at++;
                if (star && symbol("*")) {
                    at++;
                    names.add("");
                    positions.add(last());
                    return SqlIdentifier.star(names, SqlParserPos.sum(positions), positions);
                }
                if (!nameNext()) {
                    giveUp();
                }
            }
            at++;
            names.add(lowerImage(at - 1));
            positions.add(last());
        } while (symbol("."));
        return new SqlIdentifier(names, null, SqlParserPos.sum(positions), positions);
    }

    /** {@code item}, then more of it after each comma (the grammar's {@code item (<COMMA> item)*}). */
    <T> List<T> commaList(Supplier<T> item) {
        List<T> list = new ArrayList<>();
        list.add(item.get());
        while (symbol(",")) {
            at++;
            list.add(item.get());
        }
        return list;
    }

    /** UnsignedNumericLiteral (no DECIMAL 'x', no approximate numbers). */
    SqlNode unsignedNumeric() {
        byte k = t.kind[at];
        if (k != QueryTokens.INTEGER && k != QueryTokens.DECIMAL) {
            giveUp();
        }
        at++;
        return SqlLiteral.createExactNumeric(t.image(at - 1), last());
    }

    int unsignedInt() {
        if (t.kind[at] != QueryTokens.INTEGER || t.image(at).length() > 9) {
            giveUp();
        }
        at++;
        return Integer.parseInt(t.image(at - 1));
    }
}
