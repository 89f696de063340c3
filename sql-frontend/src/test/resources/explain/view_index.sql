-- Views: an indexed view serves reads on the fast path; an unindexed view is built in the
-- transient dataflow; a view over an indexed view imports that index.
CREATE TABLE t (k INTEGER, v INTEGER);
CREATE VIEW sums AS SELECT k, sum(v) AS total FROM t GROUP BY k;
CREATE INDEX sums_k ON sums (k);
CREATE VIEW big AS SELECT k, v FROM t WHERE v > 100;
EXPLAIN SELECT total FROM sums WHERE k = 1;
EXPLAIN SELECT k FROM sums WHERE total > 10;
EXPLAIN SELECT * FROM big;
EXPLAIN SELECT s.k, b.v FROM sums s JOIN big b ON s.k = b.k;
