-- Aggregates: grouped, global (one row over no input), DISTINCT, HAVING.
CREATE TABLE t (g TEXT, v INTEGER);
CREATE INDEX t_g ON t (g);
EXPLAIN SELECT g, count(*), sum(v), avg(v) FROM t GROUP BY g;
EXPLAIN SELECT count(*), max(v) FROM t;
EXPLAIN SELECT g, count(DISTINCT v) FROM t GROUP BY g HAVING count(*) > 1;
