#!/usr/bin/env python3
"""Fill the expected results of a Spindle .slt file from PostgreSQL 15.

Usage: pg_expect.py IN.slt OUT.slt   (IN may be OUT: results are recomputed in place)

Runs every record on a fresh database (C collation) of a PostgreSQL server on 127.0.0.1:55439
(user postgres; start one with initdb/pg_ctl as a non-root user), and writes each query's result
rendered as the runner renders it (I: integers, booleans 1/0; R: %.3f; T: text, '' as (empty)).
Records holding a comment line '# spindle-only' (indexes on views, AS OF, EXPLAIN, deliberate
divergences) are not run on PostgreSQL and keep their text. A 'statement ok' that fails or a
'statement error' that succeeds on PostgreSQL stops the script; PostgreSQL's error messages are
printed for review against the record's regex."""
import subprocess, sys, decimal, re
PG = ["psql", "-h", "127.0.0.1", "-p", "55439", "-U", "postgres", "-X", "-q", "-A", "-t", "-F", "\x1f", "-v", "ON_ERROR_STOP=1"]
src = sys.argv[1]; dst = sys.argv[2]
db = "slt_" + re.sub(r"\W", "_", src.split("/")[-1].split(".")[0])
subprocess.run(PG + ["-d", "postgres", "-c", f"DROP DATABASE IF EXISTS {db}"], check=True)
subprocess.run(PG + ["-d", "postgres", "-c", f"CREATE DATABASE {db} TEMPLATE template0 LC_COLLATE 'C' LC_CTYPE 'C'"], check=True)
def pg(sql):
    p = subprocess.run(PG + ["-d", db, "-c", "\\pset null NULL", "-c", sql], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr
def render(v, t):
    if v == "NULL": return "NULL"
    if t == "I":
        if v in ("t", "f"): return "1" if v == "t" else "0"
        return str(int(decimal.Decimal(v)))
    if t == "R":
        return "%.3f" % float(v)
    return "(empty)" if v == "" else v
text = open(src).read()
blocks = re.split(r"\n\s*\n", text.strip("\n"))
out = []
for b in blocks:
    lines = b.split("\n")
    body = [l for l in lines if not l.startswith("#")]
    only = any(l.strip() == "# spindle-only" for l in lines)
    if not body or only:
        out.append(b); continue
    head = body[0].split()
    if head[0] == "statement":
        sql = "\n".join(body[1:])
        rc, o, e = pg(sql)
        if head[1] == "ok" and rc != 0: sys.exit(f"PG failed: {sql}\n{e}")
        if head[1] == "error":
            if rc == 0: sys.exit(f"PG succeeded on an error record: {sql}")
            print(f"PG error for {sql!r}: {e.strip()}", file=sys.stderr)
        out.append(b); continue
    if head[0] == "query":
        types = head[1]
        if "----" in body:
            i = body.index("----"); sql = "\n".join(body[1:i])
        else:
            sql = "\n".join(body[1:])
        rc, o, e = pg(sql)
        if rc != 0: sys.exit(f"PG failed: {sql}\n{e}")
        rows = [r.split("\x1f") for r in o.split("\n") if r != ""]
        vals = []
        for r in rows:
            if len(r) != len(types): sys.exit(f"arity {r} vs {types}: {sql}")
            vals += [render(v, t) for v, t in zip(r, types)]
        keep = [l for l in lines if l.startswith("#")]
        rec = keep + [body[0]] + body[1:1 + len(sql.split("\n"))]
        if vals: rec += ["----"] + vals
        out.append("\n".join(rec)); continue
    out.append(b)
open(dst, "w").write("\n\n".join(out) + "\n")
