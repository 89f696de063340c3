package dev.spindle.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * What one run measures: the workloads, the sizes, how long each latency window lasts, where the
 * results go. Defaults are the sizes (1M rows; 100k, 1M and 4M for the write growth);
 * {@code --quick} shrinks everything for a development run.
 *
 * <p>Thread-safety: an immutable value.
 *
 * @param workloads        the workloads to run, in the order of {@link #ALL_WORKLOADS}
 * @param rows             rows of the table of P1–P6 and P8
 * @param growthSizes      table sizes at which the cost of a single-row insert is measured
 * @param corpus           the sqllogictest corpus P7 runs, if given
 * @param corpusBudget     seconds Spindle may spend on the corpus before P7 stops taking files
 *                         (0: no limit, the whole corpus)
 * @param seconds          length of each latency window of P2, P4, P8 and of the write growth
 * @param rateHz           requests per second of the paced (open-loop) lookups of P4 and P8
 * @param scanners         connections scanning the index in P8
 * @param repetitions      repetitions of P5's CREATE INDEX per engine (the median is reported)
 * @param jmhWarmups       JMH warm-up iterations of P1
 * @param jmhIterations    JMH measurement iterations of P1
 * @param jmhSeconds       seconds of each JMH iteration
 * @param jmhForks         JMH forks per engine (0: in this JVM, for the smoke test)
 * @param out              folder the report, the chart and the raw histograms are written to
 */
public record BenchOptions(Set<String> workloads, int rows, List<Integer> growthSizes,
                           Optional<Path> corpus, double corpusBudget, double seconds, int rateHz, int scanners,
                           int repetitions, int jmhWarmups, int jmhIterations, int jmhSeconds,
                           int jmhForks, Path out) {

    /** Every workload, in the order they run. */
    public static final List<String> ALL_WORKLOADS =
            List.of("P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "GROWTH");

    public static final String USAGE = String.join("\n",
            "usage: bench/run [options]      (runs everything with the defaults below)",
            "  --only P1,P4,...     workloads: P1..P8 and GROWTH (default: all)",
            "  --rows N             rows of the P1-P6/P8 table (default 1000000)",
            "  --growth A,B,C       table sizes of the write-growth measurement (default 100000,1000000,4000000)",
            "  --corpus PATH        sqllogictest corpus of P7 (bench/run passes ../shared/slt/sqlite)",
            "  --corpus-budget S    P7: Spindle takes files (in path order) until S seconds are spent; H2 runs the same",
            "                       files (default 150; 0: the whole corpus)",
            "  --seconds S          each latency window (default 5)",
            "  --rate HZ            paced lookups per second in P4 and P8 (default 1000)",
            "  --scanners N         scanning connections in P8 (default 1)",
            "  --repetitions N      CREATE INDEX repetitions in P5 (default 3)",
            "  --jmh W,I,S,F        P1: JMH warm-up iterations, iterations, seconds each, forks (default 3,5,1,1)",
            "  --out DIR            where results go (default bench/results)",
            "  --quick              100k rows, growth 10k,100k,400k, 2 s windows, JMH 2,3,1,1");

    public BenchOptions {
        workloads = Set.copyOf(workloads);
        growthSizes = List.copyOf(growthSizes);
        if (rows < 1000) {
            throw new IllegalArgumentException("--rows must be at least 1000");
        }
        if (growthSizes.isEmpty() || growthSizes.stream().anyMatch(n -> n < 100)) {
            throw new IllegalArgumentException("--growth needs sizes of at least 100");
        }
        if (corpusBudget < 0) {
            throw new IllegalArgumentException("--corpus-budget must not be negative");
        }
        if (seconds <= 0 || rateHz <= 0 || scanners <= 0 || repetitions <= 0) {
            throw new IllegalArgumentException("--seconds, --rate, --scanners and --repetitions must be positive");
        }
    }

    /** Whether {@code workload} runs. */
    public boolean runs(String workload) {
        return workloads.contains(workload);
    }

    /** Parses a command line; throws {@link IllegalArgumentException} with the problem. */
    public static BenchOptions parse(String... args) {
        Set<String> workloads = new LinkedHashSet<>(ALL_WORKLOADS);
        int rows = 1_000_000;
        List<Integer> growth = List.of(100_000, 1_000_000, 4_000_000);
        Optional<Path> corpus = Optional.empty();
        double corpusBudget = 150;
        double seconds = 5;
        int rate = 1000;
        int scanners = 1;
        int repetitions = 3;
        int[] jmh = {3, 5, 1, 1};
        Path out = Path.of("results");
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--quick" -> {
                    rows = 100_000;
                    growth = List.of(10_000, 100_000, 400_000);
                    seconds = 2;
                    jmh = new int[] {2, 3, 1, 1};
                }
                case "--only" -> {
                    workloads = new LinkedHashSet<>();
                    for (String w : value(args, ++i, arg).split(",")) {
                        String id = w.trim().toUpperCase(Locale.ROOT);
                        if (!ALL_WORKLOADS.contains(id)) {
                            throw new IllegalArgumentException("unknown workload " + w + " (known: " + ALL_WORKLOADS + ")");
                        }
                        workloads.add(id);
                    }
                }
                case "--rows" -> rows = Integer.parseInt(value(args, ++i, arg));
                case "--growth" -> growth = Arrays.stream(value(args, ++i, arg).split(","))
                        .map(String::trim).map(Integer::valueOf).sorted().toList();
                case "--corpus" -> corpus = Optional.of(Path.of(value(args, ++i, arg)));
                case "--corpus-budget" -> corpusBudget = Double.parseDouble(value(args, ++i, arg));
                case "--seconds" -> seconds = Double.parseDouble(value(args, ++i, arg));
                case "--rate" -> rate = Integer.parseInt(value(args, ++i, arg));
                case "--scanners" -> scanners = Integer.parseInt(value(args, ++i, arg));
                case "--repetitions" -> repetitions = Integer.parseInt(value(args, ++i, arg));
                case "--jmh" -> {
                    String[] parts = value(args, ++i, arg).split(",");
                    if (parts.length != 4) {
                        throw new IllegalArgumentException("--jmh takes warmups,iterations,seconds,forks");
                    }
                    jmh = Arrays.stream(parts).map(String::trim).mapToInt(Integer::parseInt).toArray();
                }
                case "--out" -> out = Path.of(value(args, ++i, arg));
                default -> throw new IllegalArgumentException("unknown option " + arg);
            }
        }
        List<String> ordered = new ArrayList<>(ALL_WORKLOADS);
        ordered.retainAll(workloads);
        return new BenchOptions(new LinkedHashSet<>(ordered), rows, growth, corpus, corpusBudget, seconds, rate,
                scanners, repetitions, jmh[0], jmh[1], jmh[2], jmh[3], out);
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }
}
