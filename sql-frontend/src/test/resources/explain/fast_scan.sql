-- Fast path: a map/filter/project over one indexed table, the key not bound: a scan of the index.
CREATE TABLE t (k INTEGER, v INTEGER);
CREATE INDEX t_k ON t (k);
EXPLAIN SELECT * FROM t;
EXPLAIN SELECT v + 1 FROM t WHERE v > 5;
EXPLAIN SELECT k FROM t WHERE k > 1 OR v IS NULL ORDER BY k LIMIT 10 OFFSET 1;
