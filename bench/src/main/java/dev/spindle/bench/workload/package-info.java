/**
 * The workloads of issue 13, each run on Spindle and on H2 with the same JDBC code and data: P1
 * (prepared point lookup, JMH), P2 (indexed view read after an insert), P3 (eight indexes on one
 * key; heap per indexed row), P4 (lookups while another connection creates and drops an index),
 * P5 (CREATE INDEX until readable), P6 (bulk insert in batches), P7 (the sqllogictest corpus),
 * P8 (lookups while other connections scan the index) and GROWTH (a single-row insert as the
 * table grows). Each reports into {@link dev.spindle.bench.report.Results}; none touches an
 * engine's internals.
 */
package dev.spindle.bench.workload;
