-- Re-exports: a second index on an arranged key publishes the first one's arrangement; reads go
-- through the first, and through the re-export once the original is dropped.
CREATE TABLE t (k INTEGER, v INTEGER);
CREATE INDEX i1 ON t (k);
CREATE INDEX i2 ON t (k);
EXPLAIN SELECT v FROM t WHERE k = 1;
EXPLAIN SELECT count(*) FROM t;
DROP INDEX i1;
EXPLAIN SELECT v FROM t WHERE k = 1;
EXPLAIN SELECT k, count(*) FROM t GROUP BY k;
