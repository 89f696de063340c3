-- Slow path over a table without an index: the transient dataflow reads the table from storage.
CREATE TABLE t (k INTEGER, v INTEGER);
EXPLAIN SELECT * FROM t;
EXPLAIN SELECT v FROM t WHERE k = 1;
EXPLAIN SELECT k FROM t ORDER BY v DESC LIMIT 3;
