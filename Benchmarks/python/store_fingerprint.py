#!/usr/bin/env python3
"""Counts and checksums per table of an OpenHealthKit SQLite store, for comparing two imports of the same export
(an import before and after a change to the importer must store the same things).

Usage: store_fingerprint.py STORE.sqlite [OTHER.sqlite]

Rows are compared by content, not by row id: a sample by its UUID with its type, source, device and parent named by
their keys and UUID (the change positions in `id` are printed separately, as `sample ids`, since a different write
order may number the same rows differently); a field by its sample's UUID. Each table's checksum is the sum of the
SHA-256 of its rows (order-free), so the figure says nothing about the order rows were written in. With two stores,
prints the tables that differ and exits 1 when any does.

Known differences between any two imports of the same export (checked 2026-11-27 on the 1,000,000-record demo export,
two imports by the same binary): clinical records get a new UUID at each import into a new store, so `sample`,
`sample ids` and `field` differ by those records (39 in the demo export, with their @fhir/@clinical fields), and
`stat_note` differs with them. Every other table must be equal.
"""
import hashlib
import sqlite3
import sys

CONTENT_QUERIES = {
    "sample": """
        SELECT s.uuid, s.kind, t.name, s.start, s.end, s.quantity, s.unit, s.original_quantity, s.count,
               s.category_value, o.key, d.key, s.sync_identifier, s.sync_version, p.uuid, s.payload, s.has_fields
        FROM sample s JOIN object_type t ON t.id = s.type JOIN source o ON o.id = s.source_id
        LEFT JOIN device d ON d.id = s.device_id LEFT JOIN sample p ON p.id = s.parent_id""",
    "field": """
        SELECT s.uuid, f.key, f.kind, f.text, f.num, f.extra FROM field f JOIN sample s ON s.id = f.sample_id""",
    "sample ids": "SELECT id, uuid FROM sample",
    "tombstone": """
        SELECT d.uuid, t.name, o.key, d.sync_identifier, d.sync_version
        FROM tombstone d JOIN object_type t ON t.id = d.type JOIN source o ON o.id = d.source_id""",
    "source": "SELECT key, bundle_id, name, version, product_type, os_version FROM source",
    "device": "SELECT key FROM device",
    "device_property": "SELECT d.key, p.* FROM device_property p JOIN device d ON d.id = p.device_id",
    "object_type": "SELECT name FROM object_type",
    "stat_slot": """
        SELECT t.name, s.slot, o.key, d.key, s.total, s.n FROM stat_slot s JOIN object_type t ON t.id = s.type
        JOIN source o ON o.id = s.source_id LEFT JOIN device d ON d.id = s.device_id""",
    "stat_raw": "SELECT x.uuid, t.name, r.start, r.end FROM stat_raw r JOIN sample x ON x.id = r.sample_id JOIN object_type t ON t.id = r.type",
}


def tables(db):
    return [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]


def fingerprint(path):
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    present = set(tables(db))
    result = {}
    for name in sorted(present | {"sample ids"}):
        if name not in CONTENT_QUERIES and name != "sample ids":
            query = f'SELECT * FROM "{name}"'
        else:
            query = CONTENT_QUERIES[name]
        try:
            rows = db.execute(query)
        except sqlite3.OperationalError as error:  # a table of another layout: compare it whole
            rows = db.execute(f'SELECT * FROM "{name}"') if name in present else []
            print(f"{path}: {name}: {error}; compared whole", file=sys.stderr)
        count, total = 0, 0
        for row in rows:
            count += 1
            total += int.from_bytes(hashlib.sha256(repr(row).encode()).digest()[:8], "big")
        result[name] = (count, total % (1 << 64))
    db.close()
    return result


def main(argv):
    if len(argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    prints = [fingerprint(path) for path in argv[1:]]
    names = sorted(set().union(*prints))
    differ = False
    for name in names:
        figures = [p.get(name, (0, 0)) for p in prints]
        mark = "" if len(set(figures)) == 1 else "  DIFFERS"
        differ = differ or bool(mark)
        print(f"{name:18} " + "  ".join(f"{count:>9} {checksum:016x}" for count, checksum in figures) + mark)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
