package dev.spindle.sqllogictest.render;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;

/**
 * The hash sqllogictest uses for large or labelled results: MD5 over every rendered value
 * (UTF-8) followed by a newline, in result order after sorting. Thread-safe: static functions
 * only.
 */
public final class ResultHash {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private ResultHash() {
    }

    /** The lower-case hex MD5 of the values, each followed by {@code \n}. */
    public static String md5(List<String> values) {
        MessageDigest md5 = newMd5();
        for (String value : values) {
            md5.update(value.getBytes(StandardCharsets.UTF_8));
            md5.update((byte) '\n');
        }
        return hex(md5.digest());
    }

    /** The result line for a hashed result: {@code <count> values hashing to <md5>}. */
    public static String line(List<String> values) {
        return values.size() + " values hashing to " + md5(values);
    }

    private static MessageDigest newMd5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform must provide MD5", e);
        }
    }

    private static String hex(byte[] bytes) {
        char[] out = new char[bytes.length * 2];
        for (int i = 0; i < bytes.length; i++) {
            out[2 * i] = HEX[(bytes[i] >> 4) & 0xF];
            out[2 * i + 1] = HEX[bytes[i] & 0xF];
        }
        return new String(out);
    }
}
