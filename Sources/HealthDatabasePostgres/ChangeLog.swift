import Foundation
import HealthDatabase
import PostgresNIO

/// Deleting records (each leaving a tombstone at the next position) and reading the change log.
///
/// A record's `change_seq` is the position of the save that stored it (or of the association that last moved it);
/// a tombstone's is the position of the deletion. Both come from the owner's counter row (``WriteTransaction``).
enum ChangeLog {
    /// Deletes `roots` (stored records, in order) and every record below them, each leaving a tombstone at the next
    /// positions: the roots in their order, then their descendants in position order. Returns the tombstones.
    static func delete(_ roots: [UUID], _ transaction: WriteTransaction) throws -> [Tombstone] {
        guard !roots.isEmpty else { return [] }
        let descendants = try transaction.session.rows(SQL("""
            WITH RECURSIVE d(uuid) AS (
                SELECT uuid FROM sample WHERE owner_id = \(transaction.owner) AND parent_uuid = ANY(?::uuid[])
                UNION SELECT s.uuid FROM sample s JOIN d ON s.owner_id = \(transaction.owner) AND s.parent_uuid = d.uuid)
            SELECT d.uuid FROM d JOIN sample s ON s.owner_id = \(transaction.owner) AND s.uuid = d.uuid ORDER BY s.change_seq
            """, [.uuids(roots)])).map { try $0.decode(UUID.self) }
        var seen = Set(roots)
        let doomed = roots + descendants.filter { seen.insert($0).inserted }
        return try entomb(doomed, at: transaction.take(doomed.count), transaction)
    }

    /// Deletes exactly the stored records `doomed` (not their children), their tombstones taking the positions from
    /// `first` on in that order; returns the tombstones. Statistics summaries lose them first.
    static func entomb(_ doomed: [UUID], at first: Int64, _ transaction: WriteTransaction) throws -> [Tombstone] {
        let owner = transaction.owner
        if transaction.summaries { try SlotSumMaintenance.removing(doomed, transaction) }
        try transaction.session.execute(SQL("""
            INSERT INTO tombstone (owner_id, change_seq, uuid, type_id, source_id, sync_identifier, sync_version)
            SELECT \(owner), ?::int8 + d.ord - 1, s.uuid, s.type_id, s.source_id, s.sync_identifier, s.sync_version
            FROM unnest(?::uuid[]) WITH ORDINALITY AS d(uuid, ord) JOIN sample s ON s.owner_id = \(owner) AND s.uuid = d.uuid
            """, [.int(first), .uuids(doomed)]))
        try transaction.session.execute(SQL("DELETE FROM sample WHERE owner_id = \(owner) AND uuid = ANY(?::uuid[])", [.uuids(doomed)]))
        let rows = try transaction.session.rows(SQL("""
            SELECT t.uuid, y.name, o.bundle_id, t.sync_identifier, t.sync_version
            FROM tombstone t JOIN object_type y ON y.id = t.type_id JOIN source o ON o.owner_id = t.owner_id AND o.id = t.source_id
            WHERE t.owner_id = \(owner) AND t.change_seq >= ?::int8 AND t.change_seq < ?::int8 ORDER BY t.change_seq
            """, [.int(first), .int(first + Int64(doomed.count))]))
        return try rows.map { row in
            let (uuid, type, source, syncIdentifier, syncVersion) = try row.decode((UUID, String, String, String?, Int64?).self)
            return Tombstone(uuid: uuid, type: type, sourceBundleIdentifier: source, syncIdentifier: syncIdentifier, syncVersion: syncVersion)
        }
    }

    /// The query ``changes(after:through:matching:limit:reader:)`` runs: ``RecordReader/columns(includePayload:)`` and a
    /// tombstone flag, saved records and tombstones merged in position order.
    ///
    /// Each arm carries its own `ORDER BY change_seq LIMIT`: PostgreSQL plans the arms of a `UNION ALL` on their own,
    /// so without it each arm read all of the owner's rows after the anchor and the whole was sorted; with it each arm
    /// reads its `(owner_id, change_seq)` key in order and a Merge Append stops at the limit.
    static func select(after: Int64, through: Int64?, matching filter: SampleFilter, limit: Int?, _ compiler: FilterSQL) -> SQL {
        let owner = compiler.owner
        let range: [SQLValue] = [.int(after), .int(through ?? Int64.max)]
        let limited = SQL(" LIMIT ?::int8", [.int(limit.map { Int64(max($0, 0)) })])
        return SQL("SELECT * FROM ((SELECT \(RecordReader.columns(includePayload: true)), false AS deleted FROM sample s "
                   + "WHERE s.owner_id = \(owner) AND s.change_seq > ?::int8 AND s.change_seq <= ?::int8 AND (", range)
            + compiler.samples(filter) + SQL(") ORDER BY s.change_seq") + limited
            + SQL(") UNION ALL (SELECT \(RecordReader.tombstoneColumns), true FROM tombstone t "
                  + "WHERE t.owner_id = \(owner) AND t.change_seq > ?::int8 AND t.change_seq <= ?::int8 AND (", range)
            + compiler.tombstones(filter) + SQL(") ORDER BY t.change_seq") + limited
            + SQL(")) c ORDER BY 1") + limited
    }

    /// The changes after `after` (up to `through`) matching `filter`, oldest first, at most `limit`: present records
    /// at the position of their save, tombstones at the position of their deletion, merged in one statement (one
    /// snapshot) reading the `(owner_id, change_seq)` keys of both tables in order.
    static func changes(after: Int64, through: Int64?, matching filter: SampleFilter, limit: Int?,
                        reader: RecordReader) throws -> ChangeBatch {
        let compiler = try FilterSQL(for: filter, reader.identities, reader.session)
        let rows = try reader.session.rows(select(after: after, through: through, matching: filter, limit: limit, compiler))
        try reader.prepare(rows)
        var changes: [Change] = []
        changes.reserveCapacity(rows.count)
        var pending: [UUID: Int] = [:]
        var anchor = after
        for row in rows {
            let cells = row.makeRandomAccess()
            anchor = try cells[0].decode(Int64.self)
            if try cells[RecordReader.columnCount].decode(Bool.self) {
                changes.append(.deleted(try reader.tombstone(cells)))
            } else {
                let (record, hasFields) = try reader.record(cells)
                if hasFields { pending[record.uuid] = changes.count }
                changes.append(.saved(record))
            }
        }
        try reader.attachFields(pending) { index, fields in
            guard case .saved(var record) = changes[index] else { return }
            record.fields = fields
            changes[index] = .saved(record)
        }
        return ChangeBatch(changes: changes, anchor: anchor)
    }
}
