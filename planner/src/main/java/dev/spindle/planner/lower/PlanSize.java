package dev.spindle.planner.lower;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.compute.plan.Plan;
import dev.spindle.compute.plan.PlanVisitor;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * How many operators rendering a plan builds, and the limit on it. A lowered plan is a tree of
 * Java objects that may share subtrees (an outer join's input feeds both its matched and its
 * unmatched rows), but every worker renders each occurrence on its own, so the operators a plan
 * costs are those of the tree with every shared subtree copied: nested outer joins and scalar
 * subqueries double it per level. Counting visits each distinct object once (memoized by
 * identity, never by the records' structural hash, which would itself walk the whole tree), so
 * a plan of exponential size is measured in time linear in the objects it is made of.
 *
 * <p>Thread-safety: a {@code PlanSize} is confined to one thread; {@link #check} makes its own.
 */
public final class PlanSize implements PlanVisitor<Long> {
    /**
     * The most operators one statement's plans may render. Ordinary queries need tens to a few
     * hundred; the limit stops a statement whose plan explodes (e.g. 15 nested scalar subqueries)
     * before it exhausts the workers' memory, which would stop the database for everyone.
     */
    public static final long MAX_OPERATORS = 50_000;

    private final Map<Plan, Long> sizes = new IdentityHashMap<>();

    private PlanSize() {
    }

    /**
     * Refuses {@code plans}, together, if they would render more than {@link #MAX_OPERATORS}
     * operators: {@link ErrorCode#STATEMENT_TOO_COMPLEX_1} (54001).
     */
    public static void check(List<Plan> plans) {
        PlanSize counter = new PlanSize();
        long total = 0;
        for (Plan p : plans) {
            total = Math.min(Long.MAX_VALUE / 4, total + counter.size(p));
        }
        if (total > MAX_OPERATORS) {
            throw new SpindleException(ErrorCode.STATEMENT_TOO_COMPLEX_1, "its plan would build " + (total >= Long.MAX_VALUE / 4
                    ? "too many" : String.valueOf(total)) + " operators (at most " + MAX_OPERATORS + ")");
        }
    }

    /** The operators {@code p} renders as a tree (saturating). */
    public static long of(Plan p) {
        return new PlanSize().size(p);
    }

    private long size(Plan p) {
        Long known = sizes.get(p);
        if (known == null) {
            known = p.accept(this);
            sizes.put(p, known);
        }
        return known;
    }

    private static long plus(long a, long b) {
        return Math.min(Long.MAX_VALUE / 4, a + b);
    }

    private long one(Plan input) {
        return plus(1, size(input));
    }

    @Override
    public Long visitConstant(Plan.Constant p) {
        return 1L;
    }

    @Override
    public Long visitGet(Plan.Get p) {
        return 1L;
    }

    @Override
    public Long visitGetLocal(Plan.GetLocal p) {
        return 1L;
    }

    @Override
    public Long visitLet(Plan.Let p) {
        return plus(size(p.value()), size(p.body()));
    }

    @Override
    public Long visitMfp(Plan.MapFilterProject p) {
        return one(p.input());
    }

    @Override
    public Long visitUnion(Plan.Union p) {
        long n = 1;
        for (Plan in : p.inputs()) {
            n = plus(n, size(in));
        }
        return n;
    }

    @Override
    public Long visitNegate(Plan.Negate p) {
        return one(p.input());
    }

    @Override
    public Long visitArrangeBy(Plan.ArrangeBy p) {
        return one(p.input());
    }

    @Override
    public Long visitJoin(Plan.Join p) {
        return plus(1, plus(size(p.left()), size(p.right())));
    }

    @Override
    public Long visitReduce(Plan.Reduce p) {
        return one(p.input());
    }

    @Override
    public Long visitDistinct(Plan.Distinct p) {
        return one(p.input());
    }

    @Override
    public Long visitThreshold(Plan.Threshold p) {
        return one(p.input());
    }

    @Override
    public Long visitTopK(Plan.TopK p) {
        return one(p.input());
    }
}
