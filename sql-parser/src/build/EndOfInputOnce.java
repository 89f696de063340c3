import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Build step (run by sql-parser/pom.xml with {@code java EndOfInputOnce.java <SimpleCharStream.java>}
 * after JavaCC, before javac): makes the generated character stream's end of input cheap without
 * changing what it does.
 *
 * <p>JavaCC's {@code SimpleCharStream.FillBuff} meets the end of its reader by closing the reader
 * and throwing a new {@code IOException}, which the token manager catches to make the EOF token;
 * every later read (the parser's look-ahead asks for the token after the last one more than once)
 * reads the closed reader, which throws a new {@code IOException("Stream closed")}. Each exception
 * fills in a stack trace as deep as the parser's recursion: 1.3 % of the session thread on the
 * sqllogictest corpus. This step makes {@code FillBuff}, at the end, swap the closed reader for
 * one that is always at its end, and throw one preallocated exception without a stack trace (no
 * code catching it reads its trace or adds to it: the token manager only catches it). The next
 * {@code ReInit} installs the next statement's reader as before.
 *
 * <p>Idempotent (a file already changed is left alone). Fails if it does not find JavaCC's code,
 * so a change in JavaCC's output cannot silently turn it off.
 */
public final class EndOfInputOnce {
    private static final String MARK = "/* EndOfInputOnce */";
    private static final String THROW = "           inputStream.close();\n           throw new java.io.IOException();\n";
    private static final String CLASS = "public class SimpleCharStream\n{\n";

    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0]);
        String src = Files.readString(file, StandardCharsets.UTF_8);
        if (src.contains(MARK)) {
            System.out.println("EndOfInputOnce: " + file + " already changed");
            return;
        }
        if (!src.contains(THROW) || !src.contains(CLASS)) {
            throw new IllegalStateException("EndOfInputOnce: JavaCC's end of input not found in " + file);
        }
        src = src.replace(THROW, "           inputStream.close();\n"
                + "           inputStream = AT_END; " + MARK + "\n"
                + "           throw END_OF_INPUT;\n");
        src = src.replace(CLASS, CLASS
                + "  " + MARK + "\n"
                + "  /** The end of the input: caught by the token manager only, so one without a stack trace serves all. */\n"
                + "  private static final java.io.IOException END_OF_INPUT = new java.io.IOException(\"end of input\") {\n"
                + "    @Override\n"
                + "    public synchronized Throwable fillInStackTrace() {\n"
                + "      return this;\n"
                + "    }\n"
                + "  };\n"
                + "  /** A reader always at its end, in place of a closed one (which throws on every read). */\n"
                + "  private static final java.io.Reader AT_END = new java.io.Reader() {\n"
                + "    @Override\n"
                + "    public int read(char[] buf, int off, int len) {\n"
                + "      return -1;\n"
                + "    }\n"
                + "\n"
                + "    @Override\n"
                + "    public void close() {\n"
                + "    }\n"
                + "  };\n\n");
        Files.writeString(file, src, StandardCharsets.UTF_8);
        System.out.println("EndOfInputOnce: changed " + file);
    }
}
