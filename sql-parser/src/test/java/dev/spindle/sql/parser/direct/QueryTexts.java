package dev.spindle.sql.parser.direct;

import java.util.List;
import java.util.Random;

/**
 * Random query texts for the direct parser's properties: what it reads and, as often, what it
 * must leave to the generated parser (keywords as names, quoted names, typed literals, comments,
 * tabs, row values, USING, window clauses, AS OF, ...), with random spacing, line breaks and
 * letter case, and now and then a token dropped or doubled so that the text is no SQL at all.
 */
final class QueryTexts {
    /** Names: the first {@code NAME_CORE} read as names by both parsers, then keywords and a quoted name. */
    private static final List<String> NAMES = List.of(
            "a", "b", "c", "x", "t1", "t2", "tab0", "col0", "cor0", "k", "a_1", "e",
            "name", "data", "key", "type", "value", "year", "first", "last", "next", "text", "date", "row", "user",
            "zone", "position", "\"A\"", "sum", "select");
    private static final int NAME_CORE = 12;
    private static final int LITERAL_CORE = 15;
    private static final List<String> LITERALS = List.of(
            "1", "0", "42", "99999999999999999999", "1.5", ".5", "1.", "2.50", "'x'", "'it''s'", "''", "NULL",
            "TRUE", "FALSE", "UNKNOWN", "1e5", "x'01'", "DATE '2020-01-01'", "'a' 'b'", "?");
    private static final List<String> BINARY = List.of(
            "+", "-", "*", "/", "%", "^", "||", "=", "<>", "!=", "<", ">", "<=", ">=", "AND", "OR",
            "IS DISTINCT FROM", "IS NOT DISTINCT FROM", "LIKE", "NOT LIKE", "MEMBER OF", "<<");
    private static final List<String> FUNCTIONS = List.of(
            "abs", "count", "sum", "avg", "min", "max", "coalesce", "nullif", "f", "lower", "floor", "left",
            "mod", "position", "data", "upper");
    private static final List<String> TYPES = List.of(
            "INTEGER", "INT", "BIGINT", "SMALLINT", "REAL", "DOUBLE", "DOUBLE PRECISION", "FLOAT", "BOOLEAN",
            "DECIMAL", "DECIMAL(5)", "DECIMAL(5, 2)", "NUMERIC(10,0)", "TEXT", "VARCHAR(3)", "INTEGER UNSIGNED",
            "DATE", "INTEGER ARRAY", "foo");

    private final Random random;
    /** Whether this text keeps to what the direct parser reads (half of them): the lists' first {@code CORE} entries, no noise. */
    private final boolean clean;

    QueryTexts(Random random) {
        this.random = random;
        this.clean = random.nextBoolean();
    }

    /** Something the direct parser leaves to the generated one, in a noisy text only. */
    private boolean noise(int percent) {
        return !clean && chance(percent);
    }

    private boolean chance(int percent) {
        return random.nextInt(100) < percent;
    }

    private String pick(List<String> list) {
        return list.get(random.nextInt(list.size()));
    }

    /** An entry of {@code list}; a clean text takes one of the first {@code core}. */
    private String pick(List<String> list, int core) {
        return list.get(random.nextInt(clean ? core : list.size()));
    }

    private String name() {
        return pick(NAMES, NAME_CORE);
    }

    /** An alias: in a clean text, a name that is no keyword at all. */
    private String alias() {
        return pick(NAMES, NAME_CORE);
    }

    /** A statement: a query, maybe with set operations, ORDER BY, LIMIT, AS OF and ';'. */
    String statement() {
        int kind = random.nextInt(10);
        if (kind < 2) {
            return mangle(dml());
        }
        StringBuilder sb = new StringBuilder(query(0));
        if (noise(10)) {
            sb.append(" AS OF 3");
        }
        if (chance(20)) {
            sb.append(";");
        }
        return mangle(sb.toString());
    }

    /** INSERT, DELETE, DROP or CREATE INDEX. */
    private String dml() {
        switch (random.nextInt(6)) {
            case 4: {
                StringBuilder sb = new StringBuilder("CREATE TABLE ").append(chance(20) ? "IF NOT EXISTS " : "")
                        .append(name()).append(" (");
                do {
                    sb.append(name()).append(' ').append(pick(TYPES, 14));
                    while (chance(30)) {
                        sb.append(pick(List.of(" NOT NULL", " NULL", " PRIMARY KEY", " UNIQUE", " DEFAULT 1",
                                " DEFAULT 'x'", " DEFAULT -1.5", " CHECK (a > 0)"), 7));
                    }
                } while (chance(50) && sb.append(", ") != null);
                if (noise(10)) {
                    sb.append(", PRIMARY KEY (a)");
                }
                return sb.append(")").toString();
            }
            case 5:
                return "CREATE " + (noise(10) ? "OR REPLACE " : "") + "VIEW " + (chance(20) ? "IF NOT EXISTS " : "")
                        + name() + (noise(10) ? " (x)" : "") + " AS " + query(1);
            case 0: {
                StringBuilder sb = new StringBuilder("INSERT INTO ").append(name());
                if (chance(50)) {
                    sb.append(" (").append(name()).append(chance(50) ? ", " + name() : "")
                            .append(noise(10) ? " INTEGER" : "").append(")");
                }
                if (chance(20)) {
                    return sb.append(' ').append(select(1)).toString();
                }
                sb.append(" VALUES ");
                do {
                    sb.append("(").append(noise(5) ? "DEFAULT" : expression(2));
                    while (chance(50)) {
                        sb.append(", ").append(expression(3));
                    }
                    sb.append(")");
                } while (chance(30) && sb.append(", ") != null);
                return sb.toString();
            }
            case 1:
                return "DELETE FROM " + name() + (chance(30) ? " AS " + alias() : "")
                        + (chance(70) ? " WHERE " + expression(1) : "");
            case 2:
                return "DROP " + pick(List.of("TABLE", "VIEW", "INDEX", "SCHEMA"), 3)
                        + (chance(40) ? " IF EXISTS " : " ") + name() + pick(List.of("", "", " CASCADE", " RESTRICT"));
            default: {
                StringBuilder sb = new StringBuilder("CREATE ").append(chance(30) ? "UNIQUE " : "").append("INDEX ");
                if (chance(30)) {
                    sb.append("IF NOT EXISTS ");
                }
                if (chance(90)) {
                    sb.append(name()).append(' ');
                }
                sb.append("ON ").append(name()).append(" (").append(expression(3))
                        .append(pick(List.of("", " ASC", " DESC")));
                if (chance(40)) {
                    sb.append(", ").append(name());
                }
                return sb.append(")").toString();
            }
        }
    }

    private String query(int depth) {
        StringBuilder sb = new StringBuilder(select(depth));
        while (chance(15)) {
            sb.append(' ').append(pick(List.of("UNION", "UNION ALL", "EXCEPT", "INTERSECT DISTINCT", "MINUS"), 4))
                    .append(' ').append(noise(10) ? "(" + select(depth) + ")" : select(depth));
        }
        if (chance(25)) {
            sb.append(" ORDER BY ").append(orderItem(depth));
            while (chance(30)) {
                sb.append(", ").append(orderItem(depth));
            }
        }
        if (chance(10)) {
            sb.append(" LIMIT ").append(pick(List.of("3", "0", "ALL", "1, 2", "?"), 2));
            if (chance(40)) {
                sb.append(" OFFSET 2");
            }
        } else if (noise(3)) {
            sb.append(" OFFSET 1 ROWS FETCH FIRST 2 ROWS ONLY");
        }
        return sb.toString();
    }

    private String orderItem(int depth) {
        return expression(depth + 1) + pick(List.of("", "", " ASC", " DESC", " NULLS FIRST", " DESC NULLS LAST"));
    }

    private String select(int depth) {
        StringBuilder sb = new StringBuilder("SELECT ");
        sb.append(pick(List.of("", "", "", "DISTINCT ", "ALL ", "STREAM "), 5));
        sb.append(selectItem(depth));
        while (chance(40)) {
            sb.append(", ").append(selectItem(depth));
        }
        if (chance(85)) {
            sb.append(" FROM ").append(tableRef(depth));
            while (chance(30)) {
                if (chance(50)) {
                    sb.append(", ").append(tableRef(depth));
                } else {
                    sb.append(' ').append(pick(List.of("JOIN", "INNER JOIN", "LEFT JOIN", "LEFT OUTER JOIN", "RIGHT JOIN",
                            "FULL OUTER JOIN", "CROSS JOIN", "NATURAL JOIN"), 7)).append(' ').append(tableRef(depth));
                    int c = random.nextInt(10);
                    if (c < 6) {
                        sb.append(" ON ").append(expression(depth + 1));
                    } else if (c < 7 && !clean) {
                        sb.append(" USING (a)");
                    }
                }
            }
            if (chance(50)) {
                sb.append(" WHERE ").append(expression(depth + 1));
            }
            if (chance(20)) {
                sb.append(" GROUP BY ").append(expression(depth + 1));
                if (chance(30)) {
                    sb.append(", ").append(pick(List.of("b", "2", "ROLLUP(a)", "()"), 2));
                }
                if (chance(40)) {
                    sb.append(" HAVING ").append(expression(depth + 1));
                }
            }
            if (noise(2)) {
                sb.append(" WINDOW w AS (ORDER BY a)");
            }
        }
        return sb.toString();
    }

    private String selectItem(int depth) {
        if (chance(8)) {
            return pick(List.of("*", "t1.*", "x.*"));
        }
        String e = expression(depth + 1);
        int alias = random.nextInt(10);
        return alias < 6 ? e : alias < 8 ? e + " AS " + alias() : alias < 9 || clean ? e + " " + alias() : e + " 'al'";
    }

    private String tableRef(int depth) {
        String t;
        if (depth < 2 && chance(15)) {
            t = "(" + query(depth + 1) + ")";
        } else if (noise(3)) {
            t = pick(List.of("UNNEST(ARRAY[1])", "TABLE(f(1))", "LATERAL (SELECT 1)", "t1 TABLESAMPLE BERNOULLI(50)"));
        } else {
            t = chance(10) ? "s." + name() : name();
        }
        int alias = random.nextInt(10);
        return alias < 4 ? t : alias < 7 ? t + " AS " + alias() : alias < 9 || clean ? t + " " + alias() : t + " AS v (p, q)";
    }

    String expression(int depth) {
        StringBuilder sb = new StringBuilder(operand(depth));
        while (depth < 6 && chance(35)) {
            int kind = random.nextInt(12);
            if (kind < 6) {
                sb.append(' ').append(pick(BINARY, 20)).append(' ').append(operand(depth + 1));
            } else if (kind < 7) {
                sb.append(pick(List.of(" IS NULL", " IS NOT NULL", " IS TRUE", " IS NOT FALSE", " IS UNKNOWN", " IS A SET"), 5));
            } else if (kind < 8) {
                sb.append(chance(50) ? " NOT" : "").append(" BETWEEN ").append(operand(depth + 1)).append(" AND ")
                        .append(operand(depth + 1));
            } else if (kind < 10) {
                sb.append(chance(40) ? " NOT IN " : " IN ").append(inList(depth));
            } else if (kind < 11 && !clean) {
                sb.append(' ').append(pick(List.of("=", "<", ">="))).append(pick(List.of(" ANY ", " ALL ", " SOME ")))
                        .append("(").append(select(depth + 1)).append(")");
            } else {
                sb.append(" ").append(pick(List.of("AND", "OR"))).append(pick(List.of(" NOT ", " EXISTS ", " - ")))
                        .append(operand(depth + 1));
            }
        }
        return sb.toString();
    }

    private String inList(int depth) {
        if (depth < 3 && chance(30)) {
            return "(" + query(depth + 1) + ")";
        }
        StringBuilder sb = new StringBuilder("(").append(operand(depth + 1));
        while (chance(50)) {
            sb.append(", ").append(operand(depth + 1));
        }
        return sb.append(")").toString();
    }

    private String operand(int depth) {
        String prefix = chance(15) ? pick(List.of("-", "+", "NOT ", "- -", "+ ", "NOT NOT ")) : "";
        if (clean && random.nextInt(14) >= 9 && depth <= 5) {
            return prefix + (chance(50) ? name() : pick(LITERALS, LITERAL_CORE));
        }
        int kind = depth > 5 ? random.nextInt(2) : random.nextInt(14);
        String e;
        switch (kind) {
            case 0:
                e = pick(LITERALS, LITERAL_CORE);
                break;
            case 1:
            case 2:
                e = chance(80) ? name() : name() + "." + name();
                break;
            case 3:
                e = "(" + expression(depth + 1) + ")";
                break;
            case 4:
                e = call(depth);
                break;
            case 5:
                e = "CAST(" + expression(depth + 1) + " AS " + pick(TYPES, 14) + ")";
                break;
            case 6:
                e = caseExpression(depth);
                break;
            case 7:
                e = depth < 3 ? "(" + query(depth + 1) + ")" : "1";
                break;
            case 8:
                e = depth < 3 ? "EXISTS (" + select(depth + 1) + ")" : "2";
                break;
            case 9:
                if (clean) {
                    e = name();
                    break;
                }
                e = "(" + operand(depth + 1) + ", " + operand(depth + 1) + ")";
                break;
            case 10:
                if (clean) {
                    e = "3";
                    break;
                }
                e = pick(List.of("CURRENT_DATE", "INTERVAL '1' DAY", "ROW(1, 2)", "a[1]", "(a).b", "x::int",
                        "{fn abs(1)}", "NEXT VALUE FOR s", "a COLLATE \"C\"", "extract(year from a)"));
                break;
            default:
                e = chance(50) ? name() : pick(LITERALS, LITERAL_CORE);
                break;
        }
        return prefix + e;
    }

    private String call(int depth) {
        String f = pick(FUNCTIONS, 10);
        int kind = random.nextInt(10);
        String args;
        if (kind < 2) {
            args = "*";
        } else if (kind < 3) {
            args = "";
        } else {
            StringBuilder sb = new StringBuilder(pick(List.of("", "", "", "DISTINCT ", "ALL "))).append(expression(depth + 1));
            while (chance(30)) {
                sb.append(", ").append(expression(depth + 1));
            }
            args = sb.toString();
        }
        String after = noise(5) ? pick(List.of(" OVER ()", " FILTER (WHERE a)", " WITHIN GROUP (ORDER BY a)")) : "";
        return f + "(" + args + ")" + after;
    }

    private String caseExpression(int depth) {
        StringBuilder sb = new StringBuilder("CASE");
        if (chance(40)) {
            sb.append(' ').append(expression(depth + 1));
        }
        do {
            sb.append(" WHEN ").append(expression(depth + 1));
            if (noise(5)) {
                sb.append(", 3");
            }
            sb.append(" THEN ").append(expression(depth + 1));
        } while (chance(40));
        if (chance(50)) {
            sb.append(" ELSE ").append(expression(depth + 1));
        }
        return sb.append(" END").toString();
    }

    /** Random spacing, line breaks, letter case, and now and then a broken text. */
    private String mangle(String sql) {
        String[] words = sql.split(" ");
        StringBuilder sb = new StringBuilder(chance(10) ? "\n  " : "");
        for (int i = 0; i < words.length; i++) {
            String w = words[i];
            if (noise(1)) {
                continue; // a token dropped
            }
            if (noise(1)) {
                sb.append(w).append(' ');
            }
            if (chance(10) && !w.contains("'") && !w.contains("\"")) {
                w = chance(50) ? w.toUpperCase(java.util.Locale.ROOT) : w.toLowerCase(java.util.Locale.ROOT);
            }
            sb.append(w);
            if (i < words.length - 1) {
                int sep = random.nextInt(clean ? 38 : 40);
                sb.append(sep < 33 ? " " : sep < 37 ? "\n" : sep < 38 ? "  " : sep < 39 ? "\t" : " -- c\n");
            }
        }
        if (chance(5)) {
            sb.append(pick(List.of("\n", " ", "/* c */", "\r\n"), 2));
        }
        return sb.toString();
    }
}
