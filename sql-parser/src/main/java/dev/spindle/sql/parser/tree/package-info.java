/**
 * What Spindle's statement nodes share: {@link dev.spindle.sql.parser.tree.StatementOperator},
 * the operator whose {@code createCall} rebuilds a node from its operands, and
 * {@link dev.spindle.sql.parser.tree.Operands}, which encodes flags and choices as literal
 * operands. Every node keeps its whole state in its operands, so Calcite's {@code clone},
 * {@code SqlShuttle} and {@code equalsDeep} see all of it.
 *
 * <p>Uses Calcite's {@code sql} packages only; must not use any other package of this module
 * nor any Spindle module.
 */
package dev.spindle.sql.parser.tree;
