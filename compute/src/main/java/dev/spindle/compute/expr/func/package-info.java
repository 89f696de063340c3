/**
 * The scalar functions and casts of {@link dev.spindle.compute.expr.ScalarExpr}: the function
 * enums ({@link dev.spindle.compute.expr.func.UnaryFunc},
 * {@link dev.spindle.compute.expr.func.BinaryFunc},
 * {@link dev.spindle.compute.expr.func.VariadicFunc}) with their SQL names, typing rules and
 * evaluation, and {@link dev.spindle.compute.expr.func.Casts}.
 *
 * <p>Semantics follow PostgreSQL 15: SQL three-valued logic, integer results checked against the
 * result type's range, integer division truncating toward zero, division by zero an error,
 * DECIMAL exact (with PostgreSQL's division scale), DOUBLE/REAL overflow and underflow errors,
 * PostgreSQL's text input and output formats. Every data-dependent failure is a
 * {@link dev.spindle.common.error.SpindleException} with PostgreSQL's SQLSTATE; an ill-typed call is
 * refused with an {@link java.lang.IllegalArgumentException} when the tree is built.
 *
 * <p>Values are the Java objects {@link dev.spindle.common.row.Row#get} returns: {@code Long} for
 * every integer kind, {@code Float} for REAL, {@code Double}, {@code BigDecimal}, {@code String},
 * {@code Boolean}, {@code LocalDate}, {@code LocalTime}, {@code LocalDateTime}; {@code null} is
 * SQL NULL. A CHAR(n) value is stored padded with spaces to n characters; wherever PostgreSQL
 * converts {@code character} to {@code text} (comparison, string functions, casts to VARCHAR and
 * TEXT) the trailing spaces are removed first.
 *
 * <p>Everything here is stateless or immutable except the LIKE pattern cache, which is a
 * concurrent map; all of it is safe to use from any number of threads. The package depends on
 * nothing but {@code dev.spindle.common} and the JDK. It must not use the expression tree
 * ({@code dev.spindle.compute.expr}; variadic functions see their arguments through
 * {@link dev.spindle.compute.expr.func.Arguments}) or anything else of compute.
 */
package dev.spindle.compute.expr.func;
