#!/usr/bin/env python3
"""DuckDB side of the `stats` benchmark (issue 4): the same minute-level step rows the Swift benchmark stores,
built in DuckDB, and per-source daily sums with GROUP BY, timed warm.

    python3 Benchmarks/stats_duckdb.py --days 365 --phone 0 1440 --watch 360 1320 --reps 20

Rows: day d (from 2023-01-01 UTC), minute m; the phone has a sample for minutes [phone_from, phone_to) of every
day, the watch for [watch_from, watch_to); value = (d * 31 + m * 7 + (3 if watch else 0)) % 120 steps.
Prints one line: `duckdb rows=N groups=G median_ms=X min_ms=Y`.
"""
import argparse
import statistics
import time

import duckdb

parser = argparse.ArgumentParser()
parser.add_argument("--days", type=int, required=True)
parser.add_argument("--phone", type=int, nargs=2, required=True)
parser.add_argument("--watch", type=int, nargs=2, required=True)
parser.add_argument("--reps", type=int, default=20)
args = parser.parse_args()

con = duckdb.connect()
con.execute(f"""
    CREATE TABLE steps AS
    SELECT TIMESTAMP '2023-01-01' + to_days(d::INTEGER) + to_minutes(m::INTEGER) AS start,
           ((d * 31 + m * 7 + CASE WHEN s = 1 THEN 3 ELSE 0 END) % 120)::DOUBLE AS value,
           CASE WHEN s = 0 THEN 'phone' ELSE 'watch' END AS source
    FROM range({args.days}) t(d), range(1440) u(m), range(2) v(s)
    WHERE (s = 0 AND m >= {args.phone[0]} AND m < {args.phone[1]})
       OR (s = 1 AND m >= {args.watch[0]} AND m < {args.watch[1]})
""")
rows = con.execute("SELECT count(*) FROM steps").fetchone()[0]
query = "SELECT source, date_trunc('day', start) AS day, sum(value) FROM steps GROUP BY 1, 2"
con.execute(query).fetchall()  # warm-up
times = []
groups = 0
for _ in range(args.reps):
    started = time.perf_counter()
    groups = len(con.execute(query).fetchall())
    times.append(time.perf_counter() - started)
print(f"duckdb rows={rows} groups={groups} median_ms={statistics.median(times) * 1000:.3f} min_ms={min(times) * 1000:.3f}")
