package dev.spindle.compute.runtime;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.compute.render.ArrangementFactory;
import dev.spindle.compute.render.TableResolver;
import java.util.Objects;

/**
 * What a runtime renders dataflow descriptions against: where tables are read from and how
 * arrangements are made. Given once, when the runtime starts (as Materialize's replicas are told
 * where persist lives); commands then name tables by id only.
 *
 * @param tables finds the log of a table a description imports
 * @param arrangements makes every arrangement a rendered dataflow maintains
 */
public record RuntimeEnvironment(TableResolver tables, ArrangementFactory arrangements) {
    public RuntimeEnvironment {
        Objects.requireNonNull(tables, "tables");
        Objects.requireNonNull(arrangements, "arrangements");
    }

    /** Spine arrangements over {@code tables}. */
    public static RuntimeEnvironment of(TableResolver tables) {
        return new RuntimeEnvironment(tables, ArrangementFactory.SPINE);
    }

    /** An environment without tables: dataflows that import one fail to render. */
    public static RuntimeEnvironment noTables() {
        return of(id -> {
            throw new SpindleException(ErrorCode.TABLE_NOT_FOUND_1, id);
        });
    }
}
