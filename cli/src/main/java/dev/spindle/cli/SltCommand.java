package dev.spindle.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;

/**
 * {@code spindle slt [options] PATH...}: the sqllogictest runner
 * ({@link dev.spindle.sqllogictest.cli.Main}), given every argument after {@code slt} as it is.
 *
 * <p>Thread-safety: one instance per command line, used by one thread.
 */
@CommandLine.Command(name = "slt",
        description = "Run sqllogictest files (.slt, .test; folders are searched) through the runner; "
                + "'spindle slt --help' lists its options.")
final class SltCommand implements Callable<Integer> {
    @CommandLine.Parameters(arity = "0..*", paramLabel = "ARG",
            description = "The runner's options and paths, passed on unchanged.")
    private List<String> args = new ArrayList<>();

    private final Io io;

    SltCommand(Io io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        int status = dev.spindle.sqllogictest.cli.Main.run(args.toArray(new String[0]), io.out(), io.err());
        io.out().flush();
        io.err().flush();
        return status;
    }
}
