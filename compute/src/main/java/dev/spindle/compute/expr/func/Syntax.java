package dev.spindle.compute.expr.func;

import java.util.List;

/**
 * How a call prints in {@code toString()} and EXPLAIN: as a function {@code upper(#0)}, an infix
 * operator {@code (#0 + 1)} (variadic ones repeat it: {@code (a AND b AND c)}), a prefix operator
 * {@code (NOT #0)}, {@code (-#0)}, or a postfix one {@code (#0 IS NULL)}. Immutable and thread-safe.
 */
public enum Syntax {
    FUNCTION,
    INFIX,
    PREFIX,
    POSTFIX;

    /** The call of {@code name} on the printed arguments. */
    public String render(String name, List<String> args) {
        StringBuilder sb = new StringBuilder();
        switch (this) {
            case FUNCTION:
                sb.append(name).append('(');
                join(sb, args, ", ");
                return sb.append(')').toString();
            case INFIX:
                sb.append('(');
                join(sb, args, " " + name + " ");
                return sb.append(')').toString();
            case PREFIX:
                sb.append('(').append(name);
                if (Character.isLetter(name.charAt(name.length() - 1))) {
                    sb.append(' ');
                }
                return sb.append(args.get(0)).append(')').toString();
            case POSTFIX:
                return sb.append('(').append(args.get(0)).append(' ').append(name).append(')').toString();
            default:
                throw new AssertionError(this);
        }
    }

    private static void join(StringBuilder sb, List<String> args, String separator) {
        for (int i = 0; i < args.size(); i++) {
            if (i > 0) {
                sb.append(separator);
            }
            sb.append(args.get(i));
        }
    }
}
