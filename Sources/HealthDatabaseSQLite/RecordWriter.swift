import Foundation
import GRDB
import HealthDatabase

/// Saves records inside one write transaction, applying the sync-version rule.
///
/// Statements are prepared once per transaction and reused for every record; type, source and device ids
/// come from the ``IdentityCache``. Plain records (no sync identifier, no parent) go into a ``SampleRun``, so a batch
/// of plain quantity samples costs about one INSERT per 256 records (and one per `field` row).
struct RecordWriter {
    let identities: IdentityCache
    /// The summaries being totalled (``SlotSumTotals``), given every inserted row; nil when not collecting.
    var totals: SlotSumTotals? = nil

    private static let insertSQL = """
        INSERT INTO sample (id, uuid, kind, type, start, end, quantity, unit, original_quantity, count,
            category_value, source_id, device_id, sync_identifier, sync_version, parent_id, payload, has_fields)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    private static let fieldSQL = "INSERT INTO field (sample_id, key, kind, text, num, extra) VALUES (?, ?, ?, ?, ?, ?)"
    private static let syncSQL = """
        SELECT s.id, s.sync_version, s.parent_id, s.kind FROM sample s JOIN source o ON o.id = s.source_id
        WHERE s.sync_identifier = ? AND o.bundle_id = ?
        """

    /// Stores `records` in order; `next` is the next change position and advances.
    ///
    /// A record with a sync identifier whose source already stored one with the same identifier replaces
    /// it when its sync version is higher (a missing version counts as 0) and is ignored otherwise. The
    /// replaced record's tombstone takes the position before the new record's. A replaced correlation's members
    /// and any record's `.part` children are deleted with it (the new version brings its own, see
    /// ``OwnedChildren``); other children (samples associated with a workout, its route) move to the new record. A new
    /// version without a parent takes the replaced record's parent, so a replaced member stays in its
    /// correlation or workout. Children of an ignored record are ignored.
    func save(_ records: [SampleRecord], _ db: Database, next: inout Int64,
              pending: inout IdentityCache.Pending) throws -> SaveOutcome {
        var outcome = SaveOutcome()
        let insert = try db.cachedStatement(sql: Self.insertSQL)
        let insertField = try db.cachedStatement(sql: Self.fieldSQL)
        var ignored: Set<UUID> = []
        var run = SampleRun(insertOne: insert, insertField: insertField)
        for (index, record) in records.enumerated() {
            if record.syncIdentifier == nil, record.parent == nil {
                let ids = try self.ids(of: record, db, &pending)
                let id = take(&next)
                run.append(index, id: id, typeID: ids.type, sourceID: ids.source, deviceID: ids.device)
                summarise(record, id: id, ids)
                if run.isFull || record.fields[SlotSums.userEnteredKey] != nil { try run.flush(records, db) }
                outcome.stored.append(record.uuid)
                continue
            }
            // The lookups below read the rows saved so far.
            try run.flush(records, db)
            if let parent = record.parent, ignored.contains(parent) {
                ignored.insert(record.uuid)
                outcome.ignored.append(record.uuid)
                continue
            }
            var replacing: (id: Int64, parent: Int64?, ownsAllChildren: Bool)?
            if let syncIdentifier = record.syncIdentifier,
               let row = try Row.fetchOne(db.cachedStatement(sql: Self.syncSQL),
                                          arguments: [syncIdentifier, record.source.bundleIdentifier]) {
                let storedVersion: Int64 = row[1] ?? 0
                guard (record.syncVersion ?? 0) > storedVersion else {
                    ignored.insert(record.uuid)
                    outcome.ignored.append(record.uuid)
                    continue
                }
                let kind: Int64 = row[3]
                replacing = (row[0], row[2], kind == RecordKind.correlation.code)
            }
            let ids = try self.ids(of: record, db, &pending)
            let parentID = try record.parent.map { try self.id(ofParent: $0, child: record.uuid, db) } ?? replacing?.parent
            let tombstonePosition = replacing.map { _ in take(&next) }
            let id = take(&next)
            try SampleInsert.execute(insert, db, record: record, id: id, typeID: ids.type, sourceID: ids.source,
                                     deviceID: ids.device, parentID: parentID)
            summarise(record, id: id, ids)
            for (key, value) in record.fields {
                try SampleInsert.executeField(insertField, db, id: id, key: key, value: value)
            }
            if let replacing, let tombstonePosition {
                try OwnedChildren.retire(of: replacing.id, all: replacing.ownsAllChildren, movingTheirChildrenTo: id, db, &next)
                try db.execute(sql: "UPDATE sample SET parent_id = ? WHERE parent_id = ?", arguments: [id, replacing.id])
                outcome.replaced.append(try ChangeLog.retire(replacing.id, at: tombstonePosition, db))
            }
            outcome.stored.append(record.uuid)
        }
        try run.flush(records, db)
        return outcome
    }

    /// The type, source and device ids of `record`, inserting their rows if needed.
    private func ids(of record: SampleRecord, _ db: Database,
                     _ pending: inout IdentityCache.Pending) throws -> (type: Int64, source: Int64, device: Int64?) {
        (try identities.typeID(record.type, db, &pending), try identities.sourceID(record.source, db, &pending),
         try record.device.map { try identities.deviceID($0, db, &pending) })
    }

    /// Gives the row `id` of `record` to the summaries being totalled, if any.
    private func summarise(_ record: SampleRecord, id: Int64, _ ids: (type: Int64, source: Int64, device: Int64?)) {
        guard let totals else { return }
        let userEntered = !record.fields.isEmpty
            && record.fields[SlotSums.userEnteredKey].map { FieldCoding.columns($0).number == 1 } ?? false
        totals.add(id: id, kind: record.kind, typeID: ids.type, start: record.startDate.timeIntervalSince1970,
                   end: record.endDate.timeIntervalSince1970, quantity: record.quantity, sourceID: ids.source,
                   deviceID: ids.device, userEntered: userEntered)
    }

    private func take(_ next: inout Int64) -> Int64 {
        defer { next += 1 }
        return next
    }

    private func id(ofParent parent: UUID, child: UUID, _ db: Database) throws -> Int64 {
        guard let id = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM sample WHERE uuid = ?"), arguments: [parent]) else {
            throw StorageError.missingParent(record: child, parent: parent)
        }
        return id
    }
}
