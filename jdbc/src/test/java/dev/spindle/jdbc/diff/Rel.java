package dev.spindle.jdbc.diff;

import java.util.List;

/** A table or view of the generated schema: its name and typed columns. */
record Rel(String name, List<Col> cols, boolean view) {
    record Col(String name, Kind kind) {
    }

    Rel {
        cols = List.copyOf(cols);
    }
}
