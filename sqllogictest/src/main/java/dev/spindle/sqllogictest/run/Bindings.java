package dev.spindle.sqllogictest.run;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The values of the loop variables in scope; {@code ${name}} in a record's text is replaced by
 * the innermost binding of {@code name}. Not thread-safe (per-file state).
 */
final class Bindings {

    private record Binding(String name, String value) {
    }

    private final Deque<Binding> scopes = new ArrayDeque<>();

    void push(String name, String value) {
        scopes.push(new Binding(name, value));
    }

    void pop() {
        scopes.pop();
    }

    boolean isEmpty() {
        return scopes.isEmpty();
    }

    /** {@code text} with every bound {@code ${name}} replaced. */
    String apply(String text) {
        if (scopes.isEmpty() || !text.contains("${")) {
            return text;
        }
        String result = text;
        for (Binding binding : scopes) { // innermost first
            result = result.replace("${" + binding.name + "}", binding.value);
        }
        return result;
    }
}
