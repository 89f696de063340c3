-- Joins: inner on an indexed and an unindexed table, outer, and a view joined with a table.
CREATE TABLE a (k INTEGER, x TEXT);
CREATE TABLE b (k INTEGER, y INTEGER);
CREATE INDEX a_k ON a (k);
EXPLAIN SELECT a.x, b.y FROM a JOIN b ON a.k = b.k;
EXPLAIN SELECT a.x, b.y FROM a LEFT JOIN b ON a.k = b.k AND b.y > 1;
EXPLAIN SELECT a.x FROM a, b WHERE a.k < b.k;
