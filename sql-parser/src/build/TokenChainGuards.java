import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Build step (run by sql-parser/pom.xml with {@code java TokenChainGuards.java <parser.java>} after
 * JavaCC, before javac): speeds up the generated parser's syntactic look-ahead without changing
 * what it does.
 *
 * <p>JavaCC 4.0 scans a choice during look-ahead one alternative at a time:
 * <pre>
 *   final private boolean jj_3R_132() {
 *     Token xsp;
 *     xsp = jj_scanpos;
 *     if (jj_3R_314()) {          // CAST ( ...
 *     jj_scanpos = xsp;
 *     if (jj_scan_token(5)) {     // a single token
 *     ...
 *     if (jj_3R_360()) return true;
 *     }
 *     ...
 *     return false;
 *   }
 * </pre>
 * Calcite's grammar has such choices of dozens to hundreds of alternatives (the non-reserved
 * keywords, which every look-ahead trying an identifier scans; the built-in function calls, which
 * every atom of an expression tries; ...), and a token that starts none of them (a bracket, a
 * literal, an identifier) was tried against each: a fifth of all parsing time, and then another
 * fifth. This step works out, for every look-ahead routine whose every path starts by scanning one
 * token, the set of token kinds it can start with (its FIRST set: a routine that starts with a
 * single token, with a call of such a routine, or with a choice of such alternatives). In front of
 * every routine that starts with a choice of at least {@value #MIN_ALTERNATIVES} alternatives, or
 * of {@value #MIN_KINDS} kinds, it puts a guard: if the parser is not re-scanning for an error
 * report ({@code jj_rescan}) and the next token's kind is not in the set, the routine returns what
 * its first {@code jj_scan_token} would return. That is exactly what the routine does then: every
 * alternative fails at its first scan of that same token; the first such scan moves the
 * look-ahead frontier ({@code jj_lastpos}, {@code jj_la}) past the token, the later ones find it
 * already passed, reset {@code jj_scanpos} to the same place and fail alike, and the last leaves
 * {@code jj_scanpos} on the token. When a kind is in the set, or while re-scanning (which records
 * every kind tried for the error's expected-token list), the routine runs as generated. Peeking at
 * the next token reads it from the token manager at the same moment the first scan would have.
 * A routine that may start otherwise (an optional part, a loop, a semantic look-ahead, an empty
 * expansion) has no FIRST set here, and neither has any routine that may start with it.
 *
 * <p>Idempotent (a file already guarded is left alone, so an incremental build that did not rerun
 * JavaCC is fine). Fails if it finds no choice to guard, so a change in JavaCC's output cannot
 * silently turn it off.
 */
public final class TokenChainGuards {
    /** Shorter choices cost less than the guard saves, unless they cover many kinds. */
    static final int MIN_ALTERNATIVES = 4;
    /** A choice starting with this many kinds is guarded whatever its number of alternatives. */
    static final int MIN_KINDS = 8;

    private static final Pattern ROUTINE = Pattern.compile(
            "(  final private boolean (jj_3R?_\\d+)\\(\\) \\{\n)((?:    [^\n]*\n)+?)(  \\}\n)");
    /** A test of one step: a token scan or a routine call. */
    private static final String STEP = "(jj_scan_token\\((\\w+)\\)|(jj_3R?_\\d+)\\(\\))";
    private static final Pattern MANDATORY = Pattern.compile("if \\(" + STEP + "\\) return true;");
    private static final Pattern ALTERNATIVE = Pattern.compile("if \\(" + STEP + "\\) \\{");
    private static final Pattern OPTIONAL = Pattern.compile("if \\(" + STEP + "\\) jj_scanpos = xsp;");
    private static final Pattern REPEATED = Pattern.compile("if \\(" + STEP + "\\) \\{ jj_scanpos = xsp; break; \\}");
    private static final String MARK = "/* TokenChainGuards */";

    /** How an element of a routine's sequence takes its steps. */
    private enum How {
        /** The one step must match. */
        ONCE,
        /** The one step may match. */
        OPTIONAL,
        /** The one step may match any number of times. */
        REPEATED,
        /** One of the steps must match. */
        CHOICE
    }

    /** An element of a routine's sequence: its steps ({@link #STEP} matches). */
    private record Element(How how, List<Matcher> steps) {
    }

    /** What a routine or element can start with: the token kinds, and whether it can match nothing. */
    private record First(Set<String> kinds, boolean nullable) {
    }

    /** Each routine's sequence of elements, for routines made only of elements this step reads. */
    private final Map<String, List<Element>> routines = new HashMap<>();
    /** FIRST sets worked out so far; a null value means not known. */
    private final Map<String, First> first = new HashMap<>();
    private final Set<String> inProgress = new HashSet<>();

    private TokenChainGuards() {
    }

    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0]);
        String src = Files.readString(file, StandardCharsets.UTF_8);
        if (src.contains(MARK)) {
            System.out.println("TokenChainGuards: " + file + " already guarded");
            return;
        }
        TokenChainGuards g = new TokenChainGuards();
        Matcher m = ROUTINE.matcher(src);
        while (m.find()) {
            List<Element> seq = sequence(m.group(3));
            if (seq != null) {
                g.routines.put(m.group(2), seq);
            }
        }
        Map<String, Integer> constants = constants(file.resolveSibling(
                file.getFileName().toString().replace(".java", "Constants.java")));
        StringBuilder out = new StringBuilder(src.length() + 131072);
        StringBuilder tables = new StringBuilder();
        Map<String, String> tableOfSet = new HashMap<>();
        m = ROUTINE.matcher(src);
        int last = 0;
        int guarded = 0;
        while (m.find()) {
            String name = m.group(2);
            List<Element> seq = g.routines.get(name);
            First f = seq == null || seq.isEmpty() || seq.get(0).how() != How.CHOICE ? null : g.first(name);
            if (f == null || f.nullable()
                    || seq.get(0).steps().size() < MIN_ALTERNATIVES && f.kinds().size() < MIN_KINDS) {
                continue;
            }
            Set<String> kinds = f.kinds();
            // as a string of numbers: hundreds of int-array literals overflow the class initializer
            StringBuilder set = new StringBuilder();
            for (String k : new java.util.TreeSet<>(kinds)) {
                Integer n = k.chars().allMatch(Character::isDigit) ? Integer.valueOf(k) : constants.get(k);
                if (n == null) {
                    throw new IllegalStateException("TokenChainGuards: no token kind " + k);
                }
                set.append(set.length() == 0 ? "" : ",").append(n);
            }
            String table = tableOfSet.get(set.toString());
            if (table == null) {
                table = "jj_kinds" + tableOfSet.size();
                tableOfSet.put(set.toString(), table);
                tables.append("  private static final boolean[] ").append(table)
                        .append(" = jj_kindSet(\"").append(set).append("\");\n");
            }
            out.append(src, last, m.start());
            out.append(m.group(1))
                    .append("    if (!jj_rescan && !").append(table).append("[jj_peekKind()]) return jj_scan_token(")
                    .append(kinds.iterator().next()).append("); ").append(MARK).append('\n')
                    .append(m.group(3)).append(m.group(4));
            last = m.end();
            guarded++;
        }
        if (guarded == 0) {
            throw new IllegalStateException("TokenChainGuards: no look-ahead choice found in " + file
                    + "; has JavaCC's output changed?");
        }
        out.append(src, last, src.length());
        String anchor = "  final private boolean jj_scan_token(int kind) {\n";
        int at = out.indexOf(anchor);
        if (at < 0) {
            throw new IllegalStateException("TokenChainGuards: no jj_scan_token in " + file);
        }
        out.insert(at, "  " + MARK + "\n"
                + "  /** The kind of the token after jj_scanpos, read as jj_scan_token would read it. */\n"
                + "  private int jj_peekKind() {\n"
                + "    if (jj_scanpos.next == null) jj_scanpos.next = token_source.getNextToken();\n"
                + "    return jj_scanpos.next.kind;\n"
                + "  }\n\n"
                + "  private static boolean[] jj_kindSet(String kinds) {\n"
                + "    boolean[] set = new boolean[tokenImage.length];\n"
                + "    for (String k : kinds.split(\",\")) set[Integer.parseInt(k)] = true;\n"
                + "    return set;\n"
                + "  }\n\n"
                + tables + "\n");
        Files.writeString(file, out, StandardCharsets.UTF_8);
        System.out.println("TokenChainGuards: guarded " + guarded + " look-ahead choices in " + file);
    }

    /** The token kinds' names and numbers, from JavaCC's constants interface. */
    private static Map<String, Integer> constants(Path file) throws IOException {
        Map<String, Integer> kinds = new HashMap<>();
        Matcher m = Pattern.compile("\\n  int (\\w+) = (\\d+);").matcher(Files.readString(file, StandardCharsets.UTF_8));
        while (m.find()) {
            kinds.put(m.group(1), Integer.valueOf(m.group(2)));
        }
        if (kinds.isEmpty()) {
            throw new IllegalStateException("TokenChainGuards: no token kinds in " + file);
        }
        return kinds;
    }

    /**
     * A routine's body as a sequence of elements, or null if it holds anything else (a semantic
     * look-ahead, a look-ahead limit): {@code if (STEP) return true;} (once),
     * {@code xsp = jj_scanpos; if (STEP) jj_scanpos = xsp;} (optional), {@code while (true) {
     * xsp = jj_scanpos; if (STEP) { jj_scanpos = xsp; break; } }} (repeated), and
     * {@code xsp = jj_scanpos;} then {@code if (STEP) { jj_scanpos = xsp;} ... {@code if (STEP)
     * return true;} and its closing braces (a choice); {@code Token xsp;} anywhere, and
     * {@code return false;} last.
     */
    private static List<Element> sequence(String body) {
        List<String> l = new ArrayList<>();
        for (String line : body.split("\n")) {
            if (!line.isBlank() && !line.trim().equals("Token xsp;")) {
                l.add(line.trim());
            }
        }
        List<Element> seq = new ArrayList<>();
        int i = 0;
        while (i < l.size() - 1) {
            Matcher once = MANDATORY.matcher(l.get(i));
            if (once.matches()) {
                seq.add(new Element(How.ONCE, List.of(once)));
                i++;
            } else if (l.get(i).equals("while (true) {") && i + 3 < l.size() && l.get(i + 1).equals("xsp = jj_scanpos;")
                    && REPEATED.matcher(l.get(i + 2)).matches() && l.get(i + 3).equals("}")) {
                Matcher r = REPEATED.matcher(l.get(i + 2));
                r.matches();
                seq.add(new Element(How.REPEATED, List.of(r)));
                i += 4;
            } else if (l.get(i).equals("xsp = jj_scanpos;") && i + 1 < l.size()) {
                Matcher opt = OPTIONAL.matcher(l.get(i + 1));
                if (opt.matches()) {
                    seq.add(new Element(How.OPTIONAL, List.of(opt)));
                    i += 2;
                    continue;
                }
                List<Matcher> steps = new ArrayList<>();
                int j = i + 1;
                while (j + 1 < l.size() && ALTERNATIVE.matcher(l.get(j)).matches() && l.get(j + 1).equals("jj_scanpos = xsp;")) {
                    Matcher alt = ALTERNATIVE.matcher(l.get(j));
                    alt.matches();
                    steps.add(alt);
                    j += 2;
                }
                Matcher end = j < l.size() ? MANDATORY.matcher(l.get(j)) : null;
                if (steps.isEmpty() || end == null || !end.matches()) {
                    return null;
                }
                steps.add(end);
                j++;
                for (int k = 1; k < steps.size(); k++, j++) {
                    if (j >= l.size() || !l.get(j).equals("}")) {
                        return null;
                    }
                }
                seq.add(new Element(How.CHOICE, steps));
                i = j;
            } else {
                return null;
            }
        }
        return i == l.size() - 1 && l.get(i).equals("return false;") ? seq : null; // empty: matches nothing
    }

    /** What routine {@code name} can start with, or null if that is not known. */
    private First first(String name) {
        if (first.containsKey(name)) {
            return first.get(name);
        }
        List<Element> seq = routines.get(name);
        if (seq == null) {
            first.put(name, null);
            return null;
        }
        if (!inProgress.add(name)) {
            return null; // a cycle through first steps (left recursion, which no LL grammar has): not known
        }
        Set<String> kinds = new LinkedHashSet<>();
        boolean nullable = true;
        for (Element e : seq) {
            boolean elementNullable = e.how() != How.ONCE && e.how() != How.CHOICE;
            for (Matcher step : e.steps()) {
                First f = step.group(2) != null ? new First(Set.of(step.group(2)), false) : first(step.group(3));
                if (f == null) {
                    inProgress.remove(name);
                    first.put(name, null);
                    return null;
                }
                kinds.addAll(f.kinds());
                elementNullable |= f.nullable();
            }
            if (!elementNullable) {
                nullable = false;
                break;
            }
        }
        inProgress.remove(name);
        First f = new First(kinds, nullable);
        first.put(name, f);
        return f;
    }
}
