/**
 * Equi-joins of arranged inputs: {@link dev.spindle.compute.operator.join.ArrangedJoin}, a binary
 * join that reads both inputs' arrangements by key and decides by time which side produces each
 * pair. Multi-way joins are sequences of binary joins.
 *
 * <p>Depends on {@code common}, {@code dataflow} and {@code operator.arrange} only: it reads
 * arrangements through {@code ArrangementPort} and {@code KeyedReader}, never through
 * {@code arrangement.*} directly. Must not use plans, expressions, render, runtime, export, peek,
 * sharing, the controller or storage.
 */
package dev.spindle.compute.operator.join;
