extension Schema {
    /// Migration 1: every table, key and index (docs/PostgreSQL.md explains the layout).
    ///
    /// `owner_id` is the first column of every table but the reference tables and leads every primary key, unique key
    /// and index, so `owner_id` can be Citus's distribution column and every person's rows sit together. Foreign keys
    /// hold `owner_id` on both sides (co-located) or point at a reference table. Times are seconds since 1970 in
    /// `float8`, exactly the `Date` values saved (a `timestamptz` keeps microseconds only). Text compared by filters
    /// uses the "C" collation: byte order, as SQLite compares, whatever the database's locale.
    static let version1: [String] = [
        // Reference tables: small, shared by every owner, copied to every node.
        "CREATE SEQUENCE object_type_ids AS integer",
        """
        CREATE TABLE object_type (
            id integer PRIMARY KEY,
            name text NOT NULL UNIQUE
        )
        """,
        "CREATE SEQUENCE owner_ids",
        """
        CREATE TABLE owner_directory (
            name text PRIMARY KEY,
            owner_id bigint NOT NULL UNIQUE
        )
        """,
        // Distributed tables, by owner_id.
        """
        CREATE TABLE owner_state (
            owner_id bigint PRIMARY KEY,
            last_change bigint NOT NULL DEFAULT 0,
            last_deleted_slot bigint NOT NULL DEFAULT 0,
            summaries boolean NOT NULL DEFAULT false
        )
        """,
        "CREATE SEQUENCE source_ids",
        """
        CREATE TABLE source (
            owner_id bigint NOT NULL,
            id bigint NOT NULL,
            key text NOT NULL,
            bundle_id text NOT NULL,
            name text NOT NULL,
            version text,
            product_type text,
            os_version text,
            PRIMARY KEY (owner_id, id),
            UNIQUE (owner_id, key)
        )
        """,
        "CREATE INDEX source_bundle ON source (owner_id, bundle_id)",
        "CREATE SEQUENCE device_ids",
        """
        CREATE TABLE device (
            owner_id bigint NOT NULL,
            id bigint NOT NULL,
            key text NOT NULL,
            properties jsonb NOT NULL,
            PRIMARY KEY (owner_id, id),
            UNIQUE (owner_id, key)
        )
        """,
        """
        CREATE TABLE sample (
            owner_id bigint NOT NULL,
            uuid uuid NOT NULL,
            change_seq bigint NOT NULL,
            kind smallint NOT NULL,
            type_id integer NOT NULL REFERENCES object_type (id),
            start_time float8 NOT NULL,
            end_time float8 NOT NULL,
            quantity float8,
            unit text,
            original_quantity float8,
            count bigint NOT NULL,
            category_value bigint,
            source_id bigint NOT NULL,
            device_id bigint,
            sync_identifier text,
            sync_version bigint,
            parent_uuid uuid,
            payload bytea,
            has_fields boolean NOT NULL,
            PRIMARY KEY (owner_id, uuid),
            UNIQUE (owner_id, change_seq),
            FOREIGN KEY (owner_id, source_id) REFERENCES source (owner_id, id),
            FOREIGN KEY (owner_id, device_id) REFERENCES device (owner_id, id)
        )
        """,
        "CREATE INDEX sample_type_seq ON sample (owner_id, type_id, change_seq)",
        // The change position ends the date indexes: it breaks ties, so a sorted read needs no sort step at all.
        "CREATE INDEX sample_type_start ON sample (owner_id, type_id, start_time, change_seq)",
        "CREATE INDEX sample_type_end ON sample (owner_id, type_id, end_time, change_seq)",
        "CREATE INDEX sample_source ON sample (owner_id, source_id)",
        "CREATE INDEX sample_sync ON sample (owner_id, sync_identifier) WHERE sync_identifier IS NOT NULL",
        "CREATE INDEX sample_parent ON sample (owner_id, parent_uuid) WHERE parent_uuid IS NOT NULL",
        """
        CREATE TABLE field (
            owner_id bigint NOT NULL,
            sample_uuid uuid NOT NULL,
            key text NOT NULL,
            kind smallint NOT NULL,
            text text COLLATE "C",
            num float8,
            extra text,
            PRIMARY KEY (owner_id, sample_uuid, key),
            FOREIGN KEY (owner_id, sample_uuid) REFERENCES sample (owner_id, uuid) ON DELETE CASCADE
        )
        """,
        "CREATE INDEX field_num ON field (owner_id, key, num) WHERE num IS NOT NULL",
        "CREATE INDEX field_text ON field (owner_id, key, text) WHERE text IS NOT NULL",
        """
        CREATE TABLE tombstone (
            owner_id bigint NOT NULL,
            change_seq bigint NOT NULL,
            uuid uuid NOT NULL,
            type_id integer NOT NULL REFERENCES object_type (id),
            source_id bigint NOT NULL,
            sync_identifier text,
            sync_version bigint,
            PRIMARY KEY (owner_id, change_seq),
            FOREIGN KEY (owner_id, source_id) REFERENCES source (owner_id, id)
        )
        """,
        "CREATE INDEX tombstone_type ON tombstone (owner_id, type_id, change_seq)",
        """
        CREATE TABLE app_grant (
            owner_id bigint NOT NULL,
            app text NOT NULL,
            type text NOT NULL,
            access text NOT NULL,
            allowed boolean NOT NULL,
            decided_at float8 NOT NULL,
            PRIMARY KEY (owner_id, app, type, access)
        )
        """,
        """
        CREATE TABLE setting (
            owner_id bigint NOT NULL,
            key text NOT NULL,
            value text NOT NULL,
            PRIMARY KEY (owner_id, key)
        )
        """,
        // Statistics summaries (SlotSumStorage), kept by the engine in every write transaction once an owner's
        // `owner_state.summaries` is set.
        """
        CREATE TABLE stat_slot (
            owner_id bigint NOT NULL,
            type_id integer NOT NULL,
            slot bigint NOT NULL,
            source_id bigint NOT NULL,
            total float8 NOT NULL,
            n bigint NOT NULL,
            PRIMARY KEY (owner_id, type_id, slot, source_id)
        )
        """,
        """
        CREATE TABLE stat_raw (
            owner_id bigint NOT NULL,
            sample_uuid uuid NOT NULL,
            type_id integer NOT NULL,
            start_time float8 NOT NULL,
            end_time float8 NOT NULL,
            PRIMARY KEY (owner_id, sample_uuid),
            FOREIGN KEY (owner_id, sample_uuid) REFERENCES sample (owner_id, uuid) ON DELETE CASCADE
        )
        """,
        "CREATE INDEX stat_raw_type ON stat_raw (owner_id, type_id)",
        """
        CREATE TABLE stat_deleted (
            owner_id bigint NOT NULL,
            seq bigint NOT NULL,
            type_id integer NOT NULL,
            first_slot bigint NOT NULL,
            last_slot bigint NOT NULL,
            PRIMARY KEY (owner_id, seq)
        )
        """,
        """
        CREATE TABLE stat_note (
            owner_id bigint NOT NULL,
            type_id integer NOT NULL,
            position bigint NOT NULL,
            deleted_mark bigint NOT NULL,
            data bytea NOT NULL,
            PRIMARY KEY (owner_id, type_id)
        )
        """,
    ]
}
