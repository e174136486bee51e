extension Schema {
    /// Migration 2: no foreign keys from samples and tombstones to the type, source and device tables.
    ///
    /// PostgreSQL checks a foreign key with one query per inserted row (`SELECT … FOR KEY SHARE`), and these three
    /// cost a third of the server's time on a batch save (measured in docs/PostgreSQL.md). They guarded nothing the
    /// engine does not already guarantee: it registers a save's types, sources and devices in statements of their own
    /// before the write transaction, and never deletes a type, source or device row. The keys that cascade deletes
    /// (`field` and `stat_raw` to `sample`) stay.
    static let version2: [String] = [
        "ALTER TABLE sample DROP CONSTRAINT IF EXISTS sample_type_id_fkey",
        "ALTER TABLE sample DROP CONSTRAINT IF EXISTS sample_owner_id_source_id_fkey",
        "ALTER TABLE sample DROP CONSTRAINT IF EXISTS sample_owner_id_device_id_fkey",
        "ALTER TABLE tombstone DROP CONSTRAINT IF EXISTS tombstone_type_id_fkey",
        "ALTER TABLE tombstone DROP CONSTRAINT IF EXISTS tombstone_owner_id_source_id_fkey",
    ]
}
