/**
 * One-shot evaluation of a transient dataflow in the caller's thread: the slow path of a read
 * (a query that is not a point lookup) answered without rendering operators on the workers.
 * {@link dev.spindle.compute.interp.TransientRead} reads the description's inputs at the peek's
 * time (table logs through a short subscription, published indexes through reader holds on every
 * worker ordinal's publication point), evaluates its plans on whole collections
 * ({@link dev.spindle.compute.interp.PlanInterpreter}: hash joins, hash grouping, the operators'
 * own group functions and error rows) and answers as the workers' peek of the transient index
 * would, errors before rows; where it cannot read an input as the dataflow would (not sealed,
 * compacted past the time, not published), or when the evaluation grows past a bound on the rows
 * it handles, it answers nothing and the caller renders the dataflow.
 *
 * <p>Sits after {@code render} and before {@code protocol} in compute's package order. Uses
 * plans, expressions, the operators' error-row codec, key functions and group functions,
 * arrangement snapshots and cursors, sharing (publication points and their readers), peeks'
 * request and response values, storage's table logs and the renderer's {@code TableResolver}
 * type; must not use the dataflow substrate, runtimes, workers, the protocol or the controller.
 */
package dev.spindle.compute.interp;
