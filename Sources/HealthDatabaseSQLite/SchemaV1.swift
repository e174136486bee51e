import GRDB

extension Schema {
    /// The version 1 schema, as version 1 created it: the first migration, and what tests build old files with.
    static let version1 = """
        CREATE TABLE source (
            id INTEGER PRIMARY KEY,
            key TEXT NOT NULL UNIQUE,
            bundle_id TEXT NOT NULL,
            name TEXT NOT NULL,
            version TEXT,
            product_type TEXT,
            os_version TEXT
        );
        CREATE INDEX source_bundle ON source(bundle_id);

        CREATE TABLE device (
            id INTEGER PRIMARY KEY,
            key TEXT NOT NULL UNIQUE
        );
        CREATE TABLE device_property (
            device_id INTEGER NOT NULL REFERENCES device(id),
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (device_id, key)
        ) WITHOUT ROWID;
        CREATE INDEX device_property_value ON device_property(key, value);

        CREATE TABLE sample (
            id INTEGER PRIMARY KEY,
            uuid BLOB NOT NULL UNIQUE,
            kind TEXT NOT NULL,
            type TEXT NOT NULL,
            start REAL NOT NULL,
            end REAL NOT NULL,
            quantity REAL,
            unit TEXT,
            original_quantity REAL,
            count INTEGER NOT NULL,
            category_value INTEGER,
            source_id INTEGER NOT NULL REFERENCES source(id),
            device_id INTEGER REFERENCES device(id),
            sync_identifier TEXT,
            sync_version INTEGER,
            parent_id INTEGER REFERENCES sample(id) ON DELETE CASCADE,
            payload BLOB,
            has_fields INTEGER NOT NULL
        );
        CREATE INDEX sample_type ON sample(type);
        CREATE INDEX sample_type_start ON sample(type, start);
        CREATE INDEX sample_type_end ON sample(type, end);
        CREATE INDEX sample_source ON sample(source_id);
        CREATE INDEX sample_sync ON sample(sync_identifier) WHERE sync_identifier IS NOT NULL;
        CREATE INDEX sample_parent ON sample(parent_id) WHERE parent_id IS NOT NULL;

        CREATE TABLE field (
            sample_id INTEGER NOT NULL REFERENCES sample(id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            kind INTEGER NOT NULL,
            text TEXT,
            num REAL,
            extra TEXT,
            PRIMARY KEY (sample_id, key)
        ) WITHOUT ROWID;
        CREATE INDEX field_num ON field(key, num) WHERE num IS NOT NULL;
        CREATE INDEX field_text ON field(key, text) WHERE text IS NOT NULL;

        CREATE TABLE tombstone (
            seq INTEGER PRIMARY KEY,
            uuid BLOB NOT NULL,
            type TEXT NOT NULL,
            source_id INTEGER NOT NULL REFERENCES source(id),
            sync_identifier TEXT,
            sync_version INTEGER
        );
        CREATE INDEX tombstone_type ON tombstone(type);

        CREATE TABLE "grant" (
            app TEXT NOT NULL,
            type TEXT NOT NULL,
            access TEXT NOT NULL,
            allowed INTEGER NOT NULL,
            decided_at REAL NOT NULL,
            PRIMARY KEY (app, type, access)
        ) WITHOUT ROWID;

        CREATE TABLE setting (
            key TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL
        ) WITHOUT ROWID;
        """
}
