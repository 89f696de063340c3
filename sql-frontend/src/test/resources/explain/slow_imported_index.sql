-- Slow path over an indexed table: the transient dataflow imports the index.
CREATE TABLE t (k INTEGER, v INTEGER);
CREATE INDEX t_k ON t (k);
EXPLAIN SELECT DISTINCT v FROM t;
EXPLAIN SELECT k FROM t WHERE v IN (SELECT k FROM t);
EXPLAIN SELECT k FROM t UNION SELECT v FROM t;
