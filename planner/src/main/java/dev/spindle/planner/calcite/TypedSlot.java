package dev.spindle.planner.calcite;

import org.apache.calcite.rel.type.RelDataType;

/**
 * An operator without operands that stands for a value of a known type, unknown to the planner
 * (a shape's lifted literal, {@code dev.spindle.planner.shape.LiftedLiteral}): validation and
 * conversion give its calls exactly this type, and so does {@link DirectConversion}.
 *
 * <p>Thread-safety: implementations are immutable.
 */
public interface TypedSlot {
    /** The type of the value the slot stands for. */
    RelDataType type();
}
