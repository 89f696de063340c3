package dev.spindle.compute.plan;

/** A visitor over {@link Plan} nodes, one method per kind. */
public interface PlanVisitor<R> {
    R visitConstant(Plan.Constant p);

    R visitGet(Plan.Get p);

    R visitGetLocal(Plan.GetLocal p);

    R visitLet(Plan.Let p);

    R visitMfp(Plan.MapFilterProject p);

    R visitUnion(Plan.Union p);

    R visitNegate(Plan.Negate p);

    R visitArrangeBy(Plan.ArrangeBy p);

    R visitJoin(Plan.Join p);

    R visitReduce(Plan.Reduce p);

    R visitDistinct(Plan.Distinct p);

    R visitThreshold(Plan.Threshold p);

    R visitTopK(Plan.TopK p);
}
