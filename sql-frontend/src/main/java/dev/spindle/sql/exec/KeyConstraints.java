package dev.spindle.sql.exec;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.planner.catalog.KeyConstraint;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The PRIMARY KEY and UNIQUE constraints of a {@code CREATE TABLE}, as PostgreSQL makes them: the
 * primary key first, then the others in the order written, a constraint on the same columns (in
 * the same order) as an earlier one dropped as redundant ({@code k INT PRIMARY KEY UNIQUE} has only
 * {@code t_pkey}; an unnamed earlier one takes a later one's {@code CONSTRAINT} name), then each
 * named: {@code t_pkey} for a primary key, {@code t_k_key} and {@code t_a_b_key} for UNIQUE
 * constraints. A generated name taken already gets a number after its label ({@code t_k_key1},
 * ...), and a name longer than PostgreSQL's 63 bytes is shortened by cutting the longer of its
 * table and column parts first (its {@code makeObjectName} and {@code ChooseRelationName}), so long
 * names come out as PostgreSQL's do. A {@code CONSTRAINT} name that is taken is refused (42P07), as
 * constraint names share the relations' name space, as in PostgreSQL.
 *
 * <p>Thread-safety: stateless.
 */
final class KeyConstraints {
    /** PostgreSQL's identifier limit: NAMEDATALEN - 1 bytes. */
    static final int MAX_BYTES = 63;

    /**
     * A constraint as written.
     *
     * @param name its {@code CONSTRAINT} name, or null
     * @param columns column positions
     */
    record Spec(String name, boolean primaryKey, List<Integer> columns) {
    }

    private KeyConstraints() {
    }

    /**
     * The constraints of table {@code table} with columns {@code desc} from {@code specs} (at most
     * one primary key), named, with {@code taken} saying which names are used already.
     */
    static List<KeyConstraint> of(String table, RelationDesc desc, List<Spec> specs, Predicate<String> taken) {
        List<Spec> kept = new ArrayList<>();
        for (Spec s : specs) {
            if (s.primaryKey()) {
                kept.add(s);
            }
        }
        for (Spec s : specs) {
            if (s.primaryKey()) {
                continue;
            }
            boolean redundant = false;
            for (int i = 0; i < kept.size() && !redundant; i++) {
                Spec prior = kept.get(i);
                if (prior.columns().equals(s.columns())) {
                    redundant = true;
                    if (prior.name() == null && s.name() != null) {
                        kept.set(i, new Spec(s.name(), prior.primaryKey(), prior.columns()));
                    }
                }
            }
            if (!redundant) {
                kept.add(s);
            }
        }
        List<KeyConstraint> out = new ArrayList<>();
        java.util.Set<String> used = new java.util.HashSet<>();
        Predicate<String> unavailable = n -> taken.test(n) || used.contains(n) || n.equals(table);
        for (Spec s : kept) {
            String name = s.name();
            if (name == null) {
                List<String> columns = new ArrayList<>();
                if (!s.primaryKey()) {
                    for (int c : s.columns()) {
                        columns.add(desc.column(c).name());
                    }
                }
                name = choose(table, columns, s.primaryKey() ? "pkey" : "key", unavailable);
            } else if (unavailable.test(name)) {
                throw new SpindleException(ErrorCode.TABLE_ALREADY_EXISTS_1, name);
            }
            used.add(name);
            out.add(new KeyConstraint(name, s.primaryKey(), s.columns()));
        }
        return out;
    }

    /**
     * The name for a constraint of table {@code table} on {@code columns} (empty for a primary key,
     * which PostgreSQL names by the table alone) with {@code label} ({@code pkey}, {@code key}),
     * the first that {@code taken} does not refuse.
     */
    static String choose(String table, List<String> columns, String label, Predicate<String> taken) {
        String name2 = columns.isEmpty() ? null : String.join("_", columns);
        String name = objectName(table, name2, label);
        for (int pass = 1; taken.test(name); pass++) {
            name = objectName(table, name2, label + pass);
        }
        return name;
    }

    /** {@code name1_name2_label} in at most 63 bytes, cutting the longer of the first two first. */
    static String objectName(String name1, String name2, String label) {
        int overhead = (name2 == null ? 0 : 1) + label.length() + 1;
        int avail = MAX_BYTES - overhead;
        int n1 = bytes(name1);
        int n2 = name2 == null ? 0 : bytes(name2);
        while (n1 + n2 > avail) {
            if (n1 > n2) {
                n1--;
            } else {
                n2--;
            }
        }
        StringBuilder b = new StringBuilder(clip(name1, n1));
        if (name2 != null) {
            b.append('_').append(clip(name2, n2));
        }
        return b.append('_').append(label).toString();
    }

    private static int bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    /** The longest prefix of {@code s} of at most {@code max} UTF-8 bytes that splits no character. */
    private static String clip(String s, int max) {
        int used = 0;
        int i = 0;
        while (i < s.length()) {
            int cp = s.codePointAt(i);
            int len = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
            if (used + len > max) {
                break;
            }
            used += len;
            i += Character.charCount(cp);
        }
        return s.substring(0, i);
    }
}
