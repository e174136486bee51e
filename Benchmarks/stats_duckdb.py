#!/usr/bin/env python3
"""DuckDB side of the `stats` benchmark (issue 4): the same minute-level step rows the Swift benchmark stores,
built in DuckDB, and per-source daily sums with GROUP BY, timed warm.

    python3 Benchmarks/stats_duckdb.py --days 365 --phone 0 1440 --watch 360 1320 --reps 20

Rows: day d (from 2023-01-01 UTC), minute m; the phone has a sample for minutes [phone_from, phone_to) of every
day, the watch for [watch_from, watch_to); value = (d * 31 + m * 7 + (3 if watch else 0)) % 120 steps.
Prints one line: `duckdb rows=N groups=G median_ms=X min_ms=Y`.

With `--shapes` (issue 15, StatsShapesBenchmark.swift) it also builds the watch's heart rate of those days (a reading a
minute from 06:00 to 22:00 UTC, 50 + (d * 13 + m * 11) % 100 count/min) and prints one line per shape, intervals in
Europe/Berlin (its winter offset): `duckdb shape=NAME rows=N groups=G median_ms=X min_ms=Y` for steps per source by hour, day, week (from
Monday), month and year, and heart rate's average, minimum and maximum by day and average by hour.
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
parser.add_argument("--shapes", action="store_true")
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


def measure(query):
    """The number of groups and the median and minimum time of `query`, warm."""
    con.execute(query).fetchall()  # warm-up
    times = []
    groups = 0
    for _ in range(args.reps):
        started = time.perf_counter()
        groups = len(con.execute(query).fetchall())
        times.append(time.perf_counter() - started)
    return groups, f"median_ms={statistics.median(times) * 1000:.3f} min_ms={min(times) * 1000:.3f}"


if not args.shapes:
    groups, times = measure("SELECT source, date_trunc('day', start) AS day, sum(value) FROM steps GROUP BY 1, 2")
    print(f"duckdb rows={rows} groups={groups} {times}")
else:
    con.execute(f"""
        CREATE TABLE hr AS
        SELECT TIMESTAMP '2023-01-01' + to_days(d::INTEGER) + to_minutes(m::INTEGER) AS start,
               (50 + (d * 13 + m * 11) % 100)::DOUBLE AS value
        FROM range({args.days}) t(d), range(360, 1320) u(m)
    """)
    # Berlin's winter offset for every row: DuckDB's exact `timezone('Europe/Berlin', …)` costs about 1 µs a row and
    # would flatter the ratio; the fixed offset groups as many rows into as many groups (day_exact_tz: the exact one).
    local = "start + INTERVAL 1 HOUR"
    shapes = {
        "hour": f"SELECT source, date_trunc('hour', start), sum(value) FROM steps GROUP BY 1, 2",
        "day": f"SELECT source, date_trunc('day', {local}), sum(value) FROM steps GROUP BY 1, 2",
        "week": f"SELECT source, date_trunc('week', {local}), sum(value) FROM steps GROUP BY 1, 2",
        "month": f"SELECT source, date_trunc('month', {local}), sum(value) FROM steps GROUP BY 1, 2",
        "year": f"SELECT source, date_trunc('year', {local}), sum(value) FROM steps GROUP BY 1, 2",
        "hr_day": f"SELECT date_trunc('day', {local}), avg(value), min(value), max(value) FROM hr GROUP BY 1",
        "hr_hour": f"SELECT date_trunc('hour', start), avg(value) FROM hr GROUP BY 1",
        "day_exact_tz": "SELECT source, date_trunc('day', timezone('Europe/Berlin', start::TIMESTAMPTZ)), sum(value) FROM steps GROUP BY 1, 2",
    }
    con.execute("SET TimeZone = 'UTC'")
    for name, query in shapes.items():
        table = "hr" if name.startswith("hr") else "steps"
        count = con.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        groups, times = measure(query)
        print(f"duckdb shape={name} rows={count} groups={groups} {times}", flush=True)
