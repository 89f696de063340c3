/**
 * Dataflow plans as plain data: what a dataflow imports, the plan of each object it builds and
 * what it exports, plus the value types plans are made of (aggregates, column orders,
 * finishings). Records and sealed interfaces only; rendering plans into operators lives in the
 * renderer, executing them in the runtime.
 */
package dev.spindle.compute.plan;
