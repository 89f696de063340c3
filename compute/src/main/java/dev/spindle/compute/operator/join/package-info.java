/**
 * Equi-joins of arranged inputs. A binary join reads both inputs' arrangements by key; multi-way
 * joins are sequences of binary joins (delta joins may follow).
 */
package dev.spindle.compute.operator.join;
