package dev.spindle.compute.plan;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.update.Update;
import dev.spindle.compute.expr.Mfp;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The plan of one collection a dataflow computes: plain data, rendered into operators on every
 * worker by the renderer. Columns are referred to by position; every node's output arity follows
 * from its inputs (documented per node).
 *
 * <p>Nodes are immutable records; use {@link #accept} with a {@link PlanVisitor} to walk them
 * (Java 17 has no pattern switch).
 */
public sealed interface Plan extends java.io.Serializable {
    /** Calls the visitor method of this node's kind. */
    <R> R accept(PlanVisitor<R> v);

    /** A fixed collection; update times are ignored (the dataflow's as-of is used). */
    record Constant(List<Update> rows, int arity) implements Plan {
        public Constant {
            rows = List.copyOf(rows);
        }

        @Override
        public <R> R accept(PlanVisitor<R> v) {
            return v.visitConstant(this);
        }
    }

    /** A collection imported by the dataflow (a table) or built by an earlier object of it. */
    record Get(GlobalId id) implements Plan {
        public Get {
            Objects.requireNonNull(id, "id");
        }

        @Override
        public <R> R accept(PlanVisitor<R> v) {
            return v.visitGet(this);
        }
    }

    /** A collection bound by an enclosing {@link Let}. */
    record GetLocal(int localId) implements Plan {
        @Override
        public <R> R accept(PlanVisitor<R> v) {
            return v.visitGetLocal(this);
        }
    }

    /** Binds {@code value} to {@code localId} within {@code body}; the value is computed once. */
    record Let(int localId, Plan value, Plan body) implements Plan {
        public Let {
            Objects.requireNonNull(value, "value");
            Objects.requireNonNull(body, "body");
        }

        @Override
        public <R> R accept(PlanVisitor<R> v) {
            return v.visitLet(this);
        }
    }

    /** One fused map/filter/project; output arity is the MFP's. Evaluation errors go to errs. */
    record MapFilterProject(Plan input, Mfp mfp) implements Plan {
        public MapFilterProject {
            Objects.requireNonNull(input, "input");
            Objects.requireNonNull(mfp, "mfp");
        }

        @Override
        public <R> R accept(PlanVisitor<R> v) {
            return v.visitMfp(this);
        }
    }

    /** The multiset union (UNION ALL) of inputs of equal arity. */
    record Union(List<Plan> inputs) implements Plan {
        public Union {
            inputs = List.copyOf(inputs);
            if (inputs.isEmpty()) {
                throw new IllegalArgumentException("a union needs inputs");
            }
        }

        @Override
        public <R> R accept(PlanVisitor<R> v) {
            return v.visitUnion(this);
        }
    }

    /** Every diff negated; errors are not negated. */
    record Negate(Plan input) implements Plan {
        @Override
        public <R> R accept(PlanVisitor<R> v) {
            return v.visitNegate(this);
        }
    }

    /**
     * The input, arranged by {@code key} columns: the same collection, whose arrangement later
     * joins and reductions keyed by the same columns reuse instead of building their own.
     */
    record ArrangeBy(Plan input, int[] key) implements Plan {
        public ArrangeBy {
            Objects.requireNonNull(input, "input");
            key = key.clone();
        }

        @Override
        public <R> R accept(PlanVisitor<R> v) {
            return v.visitArrangeBy(this);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ArrangeBy && input.equals(((ArrangeBy) o).input) && Arrays.equals(key, ((ArrangeBy) o).key);
        }

        @Override
        public int hashCode() {
            return Objects.hash(input, Arrays.hashCode(key));
        }

        @Override
        public String toString() {
            return "ArrangeBy[" + input + ", key=" + Arrays.toString(key) + "]";
        }
    }

    /**
     * The equi-join {@code left.leftKey = right.rightKey}; output is the left row followed by the
     * right row. Empty keys give the cross product. Keys holding NULL never match.
     */
    record Join(Plan left, Plan right, int[] leftKey, int[] rightKey) implements Plan {
        public Join {
            Objects.requireNonNull(left, "left");
            Objects.requireNonNull(right, "right");
            leftKey = leftKey.clone();
            rightKey = rightKey.clone();
            if (leftKey.length != rightKey.length) {
                throw new IllegalArgumentException("join keys differ in length");
            }
        }

        @Override
        public <R> R accept(PlanVisitor<R> v) {
            return v.visitJoin(this);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Join && left.equals(((Join) o).left) && right.equals(((Join) o).right)
                    && Arrays.equals(leftKey, ((Join) o).leftKey) && Arrays.equals(rightKey, ((Join) o).rightKey);
        }

        @Override
        public int hashCode() {
            return Objects.hash(left, right, Arrays.hashCode(leftKey), Arrays.hashCode(rightKey));
        }

        @Override
        public String toString() {
            return "Join[" + left + ", " + right + ", " + Arrays.toString(leftKey) + " = " + Arrays.toString(rightKey) + "]";
        }
    }

    /**
     * GROUP BY {@code groupKey}: output is the key columns followed by one column per aggregate.
     *
     * @param exactSums the planner's promise that every SUM and AVG argument is an exact number
     *     (an integer or a decimal), never a float: then COUNT, SUM and AVG (without DISTINCT) may
     *     be maintained by accumulating their inputs' differences instead of recomputing each
     *     changed group, since exact sums do not depend on the order of their terms. Only a hint
     *     for the renderer: the answer is the same either way.
     */
    record Reduce(Plan input, int[] groupKey, List<Aggregate> aggregates, boolean exactSums) implements Plan {
        public Reduce {
            Objects.requireNonNull(input, "input");
            groupKey = groupKey.clone();
            aggregates = List.copyOf(aggregates);
        }

        /** A reduce with no promise about its sums' argument types ({@code exactSums} false). */
        public Reduce(Plan input, int[] groupKey, List<Aggregate> aggregates) {
            this(input, groupKey, aggregates, false);
        }

        @Override
        public <R> R accept(PlanVisitor<R> v) {
            return v.visitReduce(this);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Reduce && input.equals(((Reduce) o).input) && Arrays.equals(groupKey, ((Reduce) o).groupKey)
                    && aggregates.equals(((Reduce) o).aggregates) && exactSums == ((Reduce) o).exactSums;
        }

        @Override
        public int hashCode() {
            return Objects.hash(input, Arrays.hashCode(groupKey), aggregates, exactSums);
        }

        @Override
        public String toString() {
            return "Reduce[" + input + ", key=" + Arrays.toString(groupKey) + ", " + aggregates + "]";
        }
    }

    /** One copy of every row present (DISTINCT / UNION). */
    record Distinct(Plan input) implements Plan {
        @Override
        public <R> R accept(PlanVisitor<R> v) {
            return v.visitDistinct(this);
        }
    }

    /** Every row with a positive count, with that count (EXCEPT and INTERSECT). */
    record Threshold(Plan input) implements Plan {
        @Override
        public <R> R accept(PlanVisitor<R> v) {
            return v.visitThreshold(this);
        }
    }

    /** Per group of {@code groupKey}: rows ranked by {@code order}, after {@code offset}, at most {@code limit}. */
    record TopK(Plan input, int[] groupKey, List<ColumnOrder> order, long limit, long offset) implements Plan {
        public TopK {
            Objects.requireNonNull(input, "input");
            groupKey = groupKey.clone();
            order = List.copyOf(order);
            if (limit < -1 || offset < 0) {
                throw new IllegalArgumentException("limit must be >= -1 and offset >= 0");
            }
        }

        @Override
        public <R> R accept(PlanVisitor<R> v) {
            return v.visitTopK(this);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof TopK && input.equals(((TopK) o).input) && Arrays.equals(groupKey, ((TopK) o).groupKey)
                    && order.equals(((TopK) o).order) && limit == ((TopK) o).limit && offset == ((TopK) o).offset;
        }

        @Override
        public int hashCode() {
            return Objects.hash(input, Arrays.hashCode(groupKey), order, limit, offset);
        }

        @Override
        public String toString() {
            return "TopK[" + input + ", key=" + Arrays.toString(groupKey) + ", " + order + ", limit=" + limit
                    + ", offset=" + offset + "]";
        }
    }
}
