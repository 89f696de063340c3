-- Fast path: equalities with literals bind the whole key of an index, so the peek reads one key.
CREATE TABLE t (k INTEGER, v INTEGER, s TEXT);
CREATE INDEX t_k ON t (k);
CREATE INDEX t_ks ON t (k, s);
EXPLAIN SELECT v FROM t WHERE k = 1;
EXPLAIN SELECT v, s FROM t WHERE k = 2 AND v > 10;
EXPLAIN SELECT v FROM t WHERE k = 3 AND s = 'x';
EXPLAIN SELECT v FROM t WHERE k = 1 ORDER BY v DESC LIMIT 2;
