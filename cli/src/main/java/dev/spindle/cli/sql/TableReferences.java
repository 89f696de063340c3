package dev.spindle.cli.sql;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The tables and views a statement names, with their aliases, as far as completion needs them:
 * {@code FROM a x, b AS y JOIN c ON ...}, {@code UPDATE t}, {@code INSERT INTO t}, in
 * subqueries too. A schema-qualified name counts by its last part; a subquery in {@code FROM}
 * is no table (its alias is not listed). The statement need not be complete or valid: it is
 * usually being typed.
 *
 * <p>Pure function; thread-safe.
 */
public final class TableReferences {
    private TableReferences() {
    }

    /**
     * A table or view named in a statement.
     *
     * @param relation its name (unquoted; as written otherwise)
     * @param alias    the name the statement gives it, if any
     */
    public record Reference(String relation, Optional<String> alias) {
        public Reference {
            java.util.Objects.requireNonNull(relation, "relation");
            java.util.Objects.requireNonNull(alias, "alias");
        }
    }

    /** The references in {@code statement}, in order. */
    public static List<Reference> of(String statement) {
        List<Token> all = SqlLexer.tokens(statement);
        List<Token> tokens = new ArrayList<>(all.size());
        for (Token t : all) {
            if (!t.blank()) {
                tokens.add(t);
            }
        }
        List<Reference> out = new ArrayList<>();
        // whether a comma at each bracket depth goes on a FROM list
        Deque<Boolean> fromList = new ArrayDeque<>();
        boolean inFrom = false;
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            String text = t.text(statement);
            if (t.kind() == Token.Kind.PUNCT && text.equals("(")) {
                fromList.push(inFrom);
                inFrom = false;
            } else if (t.kind() == Token.Kind.PUNCT && text.equals(")")) {
                inFrom = !fromList.isEmpty() && fromList.pop();
            } else if (t.kind() == Token.Kind.PUNCT && text.equals(",")) {
                if (inFrom) {
                    reference(statement, tokens, i + 1, out);
                }
            } else if (t.kind() == Token.Kind.WORD) {
                switch (text.toUpperCase(Locale.ROOT)) {
                    case "FROM", "JOIN" -> {
                        inFrom = true;
                        reference(statement, tokens, i + 1, out);
                    }
                    case "UPDATE", "INTO" -> reference(statement, tokens, i + 1, out);
                    case "WHERE", "GROUP", "HAVING", "ORDER", "LIMIT", "OFFSET", "FETCH", "UNION", "INTERSECT",
                            "EXCEPT", "ON", "USING", "SELECT", "SET", "VALUES", "WINDOW" -> inFrom = false;
                    default -> {
                    }
                }
            }
        }
        return out;
    }

    /** Reads {@code name [. name] [[AS] alias]} from token {@code i}, if a name is there. */
    private static void reference(String text, List<Token> tokens, int i, List<Reference> out) {
        String name = name(text, tokens, i);
        if (name == null || (tokens.get(i).kind() == Token.Kind.WORD && SqlKeywords.KEYWORDS.contains(name.toUpperCase(Locale.ROOT)))) {
            return;
        }
        int next = i + 1;
        while (next + 1 < tokens.size() && tokens.get(next).text(text).equals(".") && name(text, tokens, next + 1) != null) {
            name = name(text, tokens, next + 1);
            next += 2;
        }
        if (next < tokens.size() && tokens.get(next).text(text).equalsIgnoreCase("AS")) {
            next++;
        }
        String alias = name(text, tokens, next);
        if (alias != null && tokens.get(next).kind() == Token.Kind.WORD
                && SqlKeywords.KEYWORDS.contains(alias.toUpperCase(Locale.ROOT))) {
            alias = null;
        }
        out.add(new Reference(name, Optional.ofNullable(alias)));
    }

    /** The name token {@code i} holds (a word, or a quoted name unquoted), or null. */
    private static String name(String text, List<Token> tokens, int i) {
        if (i >= tokens.size()) {
            return null;
        }
        Token t = tokens.get(i);
        String s = t.text(text);
        if (t.kind() == Token.Kind.WORD) {
            return s;
        }
        if (t.kind() == Token.Kind.QUOTED_NAME && t.terminated() && s.length() >= 2) {
            return s.substring(1, s.length() - 1).replace("\"\"", "\"");
        }
        return null;
    }
}
