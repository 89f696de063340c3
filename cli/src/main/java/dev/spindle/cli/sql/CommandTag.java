package dev.spindle.cli.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What kind of statement a text is, from its first words, as psql names it after running it:
 * {@code CREATE TABLE}, {@code INSERT}, {@code BEGIN}. Also tells the shell when a transaction
 * opens or ends and when the catalog may have changed.
 *
 * @param words the statement's first words, upper case (one or two)
 */
public record CommandTag(String words) {
    private static final List<String> TWO_WORD = List.of("CREATE", "DROP", "ALTER", "START");

    public CommandTag {
        java.util.Objects.requireNonNull(words, "words");
    }

    /** The tag of {@code sql}. */
    public static CommandTag of(String sql) {
        List<String> first = new ArrayList<>(3);
        for (Token t : SqlLexer.tokens(sql)) {
            if (t.blank()) {
                continue;
            }
            if (t.kind() != Token.Kind.WORD || first.size() == 3) {
                break;
            }
            first.add(t.text(sql).toUpperCase(Locale.ROOT));
        }
        if (first.isEmpty()) {
            return new CommandTag("");
        }
        String head = first.get(0);
        if (TWO_WORD.contains(head) && first.size() > 1) {
            String second = first.get(1);
            if (head.equals("CREATE") && second.equals("UNIQUE") && first.size() > 2) {
                return new CommandTag("CREATE " + first.get(2));
            }
            return new CommandTag(head + " " + second);
        }
        return new CommandTag(head);
    }

    /** Whether the statement opens a transaction block. */
    public boolean begins() {
        return words.equals("BEGIN") || words.equals("START TRANSACTION");
    }

    /** Whether the statement ends a transaction block, committed or not. */
    public boolean ends() {
        return words.equals("COMMIT") || words.equals("ROLLBACK") || words.equals("END") || words.equals("ABORT");
    }

    /** Whether the statement may change the catalog (names to complete, relations to describe). */
    public boolean changesCatalog() {
        return words.startsWith("CREATE") || words.startsWith("DROP") || words.startsWith("ALTER");
    }

    /** Whether the statement is an {@code INSERT}, {@code UPDATE} or {@code DELETE}. */
    public boolean isDml() {
        return words.equals("INSERT") || words.equals("UPDATE") || words.equals("DELETE");
    }
}
