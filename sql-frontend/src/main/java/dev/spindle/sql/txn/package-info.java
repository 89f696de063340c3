/**
 * Explicit transactions: a session's snapshot, its buffered writes, what it read, and the
 * overlay through which its reads see its own writes; validated and committed at one timestamp.
 */
package dev.spindle.sql.txn;
