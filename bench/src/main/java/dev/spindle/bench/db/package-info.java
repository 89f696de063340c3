/**
 * The engines compared and the data both get: {@link dev.spindle.bench.db.Engine} (JDBC URLs),
 * {@link dev.spindle.bench.db.BenchDatabase} (one fresh in-memory database, its connections, its
 * disposal) and {@link dev.spindle.bench.db.Table} (the {@code (k INTEGER, v INTEGER)} table and
 * its rows, generated the same way for every engine). Only {@code java.sql} is used here.
 */
package dev.spindle.bench.db;
