import Foundation
import HealthDatabase
import PostgresNIO

/// Saves records in one write transaction (``HealthStorage/save(_:associating:)``'s rules), in batches.
///
/// What the store already holds that the batch depends on (the parents it names, records with the batch's sync
/// identifiers) is read in two queries first; a UUID already stored is found when its batch is inserted. Records then
/// go in order into a pending batch, inserted with one `unnest` statement per 10,000 (``SampleBatch``). A record
/// replacing another by a higher sync version is the exception: the batch is flushed, the replaced record's current
/// parent read, the new record inserted, and the old one (with its parts) deleted, exactly as the SQLite engine does
/// it row by row.
struct RecordWriter {
    let identities: Identities
    let transaction: WriteTransaction

    /// A stored record a sync identifier names.
    private struct SyncEntry {
        var uuid: UUID
        var version: Int64
        var kind: RecordKind
    }

    private struct SyncKey: Hashable {
        var bundle: String
        var identifier: String
    }

    /// Stores `records` in order, taking positions from the transaction.
    func save(_ records: [SampleRecord]) throws -> SaveOutcome {
        var outcome = SaveOutcome()
        let session = transaction.session
        let owner = transaction.owner
        // The UUIDs of this save and the stored parents it names; a record's UUID already stored is found by the
        // insert itself (SampleBatch), not by looking up every UUID first.
        let parents = records.compactMap(\.parent)
        var taken = parents.isEmpty ? [] : Set(try session.rows(SQL(
            "SELECT uuid FROM sample WHERE owner_id = \(owner) AND uuid = ANY(?::uuid[])", [.uuids(parents)]))
            .map { try $0.decode(UUID.self) })
        var synced = try storedSyncEntries(records)
        var ignored: Set<UUID> = []
        var batch = SampleBatch(owner: owner)
        for record in records {
            if let parent = record.parent, ignored.contains(parent) {
                ignored.insert(record.uuid)
                outcome.ignored.append(record.uuid)
                continue
            }
            let key = record.syncIdentifier.map { SyncKey(bundle: record.source.bundleIdentifier, identifier: $0) }
            var replacing: SyncEntry?
            if let key, let entry = synced[key] {
                guard (record.syncVersion ?? 0) > entry.version else {
                    ignored.insert(record.uuid)
                    outcome.ignored.append(record.uuid)
                    continue
                }
                replacing = entry
            }
            if let parent = record.parent, !taken.contains(parent) {
                throw StorageError.missingParent(record: record.uuid, parent: parent)
            }
            guard !taken.contains(record.uuid) else { throw StorageError.duplicateUUID(record.uuid) }
            var parent = record.parent
            if let replacing {
                try batch.flush(transaction)
                if parent == nil { parent = try currentParent(of: replacing.uuid) }
            }
            let tombstonePosition = replacing.map { _ in transaction.take() }
            try batch.add(record, position: transaction.take(), parent: parent, ids: identities.ids(of: record))
            taken.insert(record.uuid)
            if let key { synced[key] = SyncEntry(uuid: record.uuid, version: record.syncVersion ?? 0, kind: record.kind) }
            if let replacing, let tombstonePosition {
                try batch.flush(transaction)
                let parts = try retireParts(of: replacing.uuid, all: replacing.kind == .correlation, heir: record.uuid)
                try session.execute(SQL("UPDATE sample SET parent_uuid = ?::uuid WHERE owner_id = \(owner) AND parent_uuid = ?::uuid",
                                        [.uuid(record.uuid), .uuid(replacing.uuid)]))
                outcome.replaced += try ChangeLog.entomb([replacing.uuid], at: tombstonePosition, transaction)
                let gone = Set(parts.map(\.uuid) + [replacing.uuid])
                taken.subtract(gone)
                synced = synced.filter { !gone.contains($0.value.uuid) }
            }
            outcome.stored.append(record.uuid)
        }
        try batch.flush(transaction)
        return outcome
    }

    /// The stored records with the sync identifiers of `records` (per source bundle).
    private func storedSyncEntries(_ records: [SampleRecord]) throws -> [SyncKey: SyncEntry] {
        let wanted = Set(records.compactMap { record in
            record.syncIdentifier.map { SyncKey(bundle: record.source.bundleIdentifier, identifier: $0) }
        })
        guard !wanted.isEmpty else { return [:] }
        let rows = try transaction.session.rows(SQL("""
            SELECT o.bundle_id, s.sync_identifier, s.uuid, coalesce(s.sync_version, 0), s.kind::int8
            FROM sample s JOIN source o ON o.owner_id = s.owner_id AND o.id = s.source_id
            WHERE s.owner_id = \(transaction.owner) AND s.sync_identifier = ANY(?::text[]) AND o.bundle_id = ANY(?::text[])
            """, [.texts(wanted.map(\.identifier)), .texts(wanted.map(\.bundle))]))
        var entries: [SyncKey: SyncEntry] = [:]
        for row in rows {
            let (bundle, identifier, uuid, version, code) = try row.decode((String, String, UUID, Int64, Int64).self)
            let key = SyncKey(bundle: bundle, identifier: identifier)
            guard wanted.contains(key), let kind = RecordKind(code: code) else { continue }
            entries[key] = SyncEntry(uuid: uuid, version: version, kind: kind)
        }
        return entries
    }

    private func currentParent(of uuid: UUID) throws -> UUID? {
        try transaction.session.rows(SQL("SELECT parent_uuid FROM sample WHERE owner_id = \(transaction.owner) AND uuid = ?::uuid",
                                         [.uuid(uuid)])).first?.decode(UUID?.self)
    }

    /// Deletes the parts of record `uuid` (every child when `all`), after moving the children of those parts that are
    /// not parts themselves under `heir`; returns the tombstones (see ``HealthStorage/save(_:associating:)``).
    private func retireParts(of uuid: UUID, all: Bool, heir: UUID) throws -> [Tombstone] {
        let owner = transaction.owner
        let part = RecordKind.part.code
        let isPart = "parent_uuid = ?::uuid AND (?::bool OR kind = \(part))"
        try transaction.session.execute(SQL("""
            UPDATE sample SET parent_uuid = ?::uuid WHERE owner_id = \(owner) AND kind <> \(part) AND parent_uuid IN
                (SELECT uuid FROM sample WHERE owner_id = \(owner) AND \(isPart))
            """, [.uuid(heir), .uuid(uuid), .bool(all)]))
        let parts = try transaction.session.rows(SQL("SELECT uuid FROM sample WHERE owner_id = \(owner) AND \(isPart) ORDER BY change_seq",
                                                     [.uuid(uuid), .bool(all)])).map { try $0.decode(UUID.self) }
        return try ChangeLog.delete(parts, transaction)
    }
}
