package dev.spindle.sqllogictest.format;

import java.util.ArrayList;
import java.util.List;

/**
 * The tokens of a record's first line. Tokens are separated by white space; a token starting with
 * {@code #} starts a comment that runs to the end of the line ({@code skipif mysql # why}).
 */
final class Header {

    private final String text;
    private final List<String> tokens;

    Header(String text) {
        this.text = text;
        this.tokens = tokenize(text);
    }

    /** The {@code i}-th token, or an empty string if there are fewer tokens. */
    String token(int i) {
        return i < tokens.size() ? tokens.get(i) : "";
    }

    int size() {
        return tokens.size();
    }

    /**
     * The text after the first {@code n} tokens, trimmed, or an empty string when it is missing or a
     * comment. Used for the regular expression of {@code statement error <regex>}, which may contain
     * white space.
     */
    String restAfter(int n) {
        int i = 0;
        for (int token = 0; token < n; token++) {
            while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            while (i < text.length() && !Character.isWhitespace(text.charAt(i))) {
                i++;
            }
        }
        String rest = text.substring(i).trim();
        return rest.startsWith("#") ? "" : rest;
    }

    private static List<String> tokenize(String text) {
        List<String> tokens = new ArrayList<>();
        for (String token : text.trim().split("\\s+")) {
            if (token.startsWith("#")) {
                break;
            }
            if (!token.isEmpty()) {
                tokens.add(token);
            }
        }
        return tokens;
    }
}
