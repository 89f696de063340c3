import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Build step (run by sql-parser/pom.xml with {@code java TokenChainGuards.java <parser.java>} after
 * JavaCC, before javac): speeds up the generated parser's syntactic look-ahead without changing
 * what it does.
 *
 * <p>JavaCC 4.0 scans a choice between single tokens during look-ahead one token kind at a time:
 * <pre>
 *   final private boolean jj_3R_711() {
 *     Token xsp;
 *     xsp = jj_scanpos;
 *     if (jj_scan_token(1)) {
 *     jj_scanpos = xsp;
 *     if (jj_scan_token(5)) {
 *     ...
 *     if (jj_scan_token(K)) return true;
 *     }
 *     ...
 *     return false;
 *   }
 * </pre>
 * Calcite's grammar has such choices of hundreds of tokens (the non-reserved keywords, which every
 * look-ahead trying an identifier scans; the reserved function names; ...), and a token that is
 * none of them (a bracket, a literal, an operator) was compared with each: a fifth of all parsing
 * time went there. This step puts a guard in front of every such routine of at least
 * {@value #MIN_ALTERNATIVES} alternatives: if the parser is not re-scanning for an error report
 * ({@code jj_rescan}) and the next token's kind is none of the routine's, the routine returns what
 * its first {@code jj_scan_token} returns. That is exactly what the chain does when nothing
 * matches: the first scan moves the look-ahead frontier ({@code jj_lastpos}, {@code jj_la}) past
 * the token, the later ones find it already passed, reset {@code jj_scanpos} to the same place and
 * fail alike, and the last leaves {@code jj_scanpos} on the token. When a kind matches, or while
 * re-scanning (which records every kind tried for the error's expected-token list), the chain runs
 * as generated. Peeking at the next token reads it from the token manager at the same moment the
 * first scan would have.
 *
 * <p>Idempotent (a routine already guarded is left alone, so an incremental build that did not
 * rerun JavaCC is fine). Fails if it finds no chain to guard, so a change in JavaCC's output
 * cannot silently turn it off.
 */
public final class TokenChainGuards {
    /** Shorter chains cost less than the guard saves. */
    static final int MIN_ALTERNATIVES = 8;

    private static final Pattern ROUTINE = Pattern.compile(
            "(  final private boolean (jj_3R_\\d+)\\(\\) \\{\n)((?:    [^\n]*\n)+?)(  \\}\n)");
    private static final Pattern LINE = Pattern.compile(
            "Token xsp;|xsp = jj_scanpos;|jj_scanpos = xsp;|\\}|return false;"
                    + "|if \\(jj_scan_token\\((\\d+)\\)\\) \\{|if \\(jj_scan_token\\((\\d+)\\)\\) return true;");
    private static final String MARK = "/* TokenChainGuards */";

    private TokenChainGuards() {
    }

    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0]);
        String src = Files.readString(file, StandardCharsets.UTF_8);
        if (src.contains(MARK)) {
            System.out.println("TokenChainGuards: " + file + " already guarded");
            return;
        }
        StringBuilder out = new StringBuilder(src.length() + 65536);
        StringBuilder tables = new StringBuilder();
        Matcher m = ROUTINE.matcher(src);
        int last = 0;
        int guarded = 0;
        while (m.find()) {
            List<String> kinds = chainKinds(m.group(3));
            if (kinds == null || kinds.size() < MIN_ALTERNATIVES) {
                continue;
            }
            String table = m.group(2) + "_kinds";
            tables.append("  private static final boolean[] ").append(table)
                    .append(" = jj_kindSet(new int[] {").append(String.join(", ", kinds)).append("});\n");
            out.append(src, last, m.start());
            out.append(m.group(1))
                    .append("    if (!jj_rescan && !").append(table).append("[jj_peekKind()]) return jj_scan_token(")
                    .append(kinds.get(0)).append("); ").append(MARK).append('\n')
                    .append(m.group(3)).append(m.group(4));
            last = m.end();
            guarded++;
        }
        if (guarded == 0) {
            throw new IllegalStateException("TokenChainGuards: no look-ahead chain found in " + file
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
                + "  private static boolean[] jj_kindSet(int[] kinds) {\n"
                + "    boolean[] set = new boolean[tokenImage.length];\n"
                + "    for (int k : kinds) set[k] = true;\n"
                + "    return set;\n"
                + "  }\n\n"
                + tables + "\n");
        Files.writeString(file, out, StandardCharsets.UTF_8);
        System.out.println("TokenChainGuards: guarded " + guarded + " look-ahead chains in " + file);
    }

    /** The token kinds of a routine that is a pure chain of single-token alternatives, else null. */
    private static List<String> chainKinds(String body) {
        List<String> kinds = new ArrayList<>();
        boolean sawFinal = false;
        for (String line : body.split("\n")) {
            Matcher l = LINE.matcher(line.trim());
            if (!l.matches()) {
                return null;
            }
            if (l.group(1) != null) {
                if (sawFinal) {
                    return null;
                }
                kinds.add(l.group(1));
            } else if (l.group(2) != null) {
                if (sawFinal) {
                    return null;
                }
                kinds.add(l.group(2));
                sawFinal = true;
            }
        }
        return sawFinal ? kinds : null;
    }
}
