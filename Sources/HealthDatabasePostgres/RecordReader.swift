import Foundation
import HealthDatabase
import PostgresNIO

/// Turns `sample` rows into ``SampleRecord`` values, and `tombstone` rows into ``Tombstone`` values.
///
/// Every select that yields records lists ``columns(includePayload:)`` first, in this order; the reader loads the
/// sources and devices the rows name that it has not cached, then attaches the fields of the records that have any,
/// with one query per 5,000 records.
struct RecordReader {
    /// The record columns (`s` is `sample`), with or without the payload (always the same count and positions).
    static func columns(includePayload: Bool) -> String {
        """
        s.change_seq, s.uuid, s.kind, s.type_id, s.start_time, s.end_time, s.quantity, s.unit, s.original_quantity, \
        s.count, s.category_value, s.source_id, s.device_id, s.sync_identifier, s.sync_version, s.parent_uuid, \
        \(includePayload ? "s.payload" : "NULL::bytea"), s.has_fields
        """
    }

    /// A tombstone (`t`) in the shape of ``columns(includePayload:)``, for the change log's union.
    static let tombstoneColumns = """
        t.change_seq, t.uuid, NULL::smallint, t.type_id, NULL::float8, NULL::float8, NULL::float8, NULL::text, \
        NULL::float8, NULL::bigint, NULL::bigint, t.source_id, NULL::bigint, t.sync_identifier, t.sync_version, \
        NULL::uuid, NULL::bytea, false
        """

    /// How many columns ``columns(includePayload:)`` lists.
    static let columnCount = 18

    let identities: Identities
    let session: Session

    /// The records `rows` hold (their first columns being ``columns(includePayload:)``), fields attached.
    func records(_ rows: [PostgresRow]) throws -> [SampleRecord] {
        try prepare(rows)
        var records: [SampleRecord] = []
        records.reserveCapacity(rows.count)
        var pending: [UUID: Int] = [:]
        for row in rows {
            let (record, hasFields) = try self.record(row.makeRandomAccess())
            if hasFields { pending[record.uuid] = records.count }
            records.append(record)
        }
        try attachFields(pending) { index, fields in records[index].fields = fields }
        return records
    }

    /// Loads the sources and devices `rows` name (columns 11 and 12) that are not cached.
    func prepare(_ rows: [PostgresRow]) throws {
        var sources: Set<Int64> = [], devices: Set<Int64> = []
        for row in rows {
            let cells = row.makeRandomAccess()
            sources.insert(try cells[11].decode(Int64.self))
            if let device = try cells[12].decode(Int64?.self) { devices.insert(device) }
        }
        try identities.load(sources: sources, devices: devices, session)
    }

    /// The record in `cells`, without its fields, and whether it has fields to attach.
    func record(_ cells: PostgresRandomAccessRow) throws -> (record: SampleRecord, hasFields: Bool) {
        let uuid = try cells[1].decode(UUID.self)
        let code = try cells[2].decode(Int64.self)
        guard let kind = RecordKind(code: code) else { throw StorageError.unavailable("record \(uuid) has an unknown kind \(code)") }
        let record = SampleRecord(
            uuid: uuid, kind: kind, type: try identities.typeName(try cells[3].decode(Int64.self), session),
            startDate: Date(timeIntervalSince1970: try cells[4].decode(Double.self)),
            endDate: Date(timeIntervalSince1970: try cells[5].decode(Double.self)),
            quantity: try cells[6].decode(Double?.self), unit: try cells[7].decode(String?.self),
            originalQuantity: try cells[8].decode(Double?.self), count: Int(try cells[9].decode(Int64.self)),
            categoryValue: try cells[10].decode(Int64?.self).map { Int($0) },
            source: try identities.source(try cells[11].decode(Int64.self)),
            device: try cells[12].decode(Int64?.self).map { try identities.device($0) },
            syncIdentifier: try cells[13].decode(String?.self), syncVersion: try cells[14].decode(Int64?.self),
            parent: try cells[15].decode(UUID?.self), payload: try cells[16].decode(Data?.self))
        return (record, try cells[17].decode(Bool.self))
    }

    /// The tombstone in `cells` (``tombstoneColumns``).
    func tombstone(_ cells: PostgresRandomAccessRow) throws -> Tombstone {
        Tombstone(uuid: try cells[1].decode(UUID.self), type: try identities.typeName(try cells[3].decode(Int64.self), session),
                  sourceBundleIdentifier: try identities.source(try cells[11].decode(Int64.self)).bundleIdentifier,
                  syncIdentifier: try cells[13].decode(String?.self), syncVersion: try cells[14].decode(Int64?.self))
    }

    /// Reads the fields of the records in `pending` (UUID → index in the caller's list) and hands each record's to
    /// `attach`.
    func attachFields(_ pending: [UUID: Int], _ attach: (Int, [String: FieldValue]) -> Void) throws {
        guard !pending.isEmpty else { return }
        var fields: [UUID: [String: FieldValue]] = [:]
        let uuids = Array(pending.keys)
        for low in stride(from: 0, to: uuids.count, by: 5_000) {
            let slice = Array(uuids[low ..< min(low + 5_000, uuids.count)])
            let rows = try session.rows(SQL("""
                SELECT sample_uuid, key, kind::int8, text, num, extra FROM field WHERE owner_id = \(identities.ownerID) AND sample_uuid = ANY(?)
                """, [.uuids(slice)]))
            for row in rows {
                let (uuid, key, kind, text, number, extra) = try row.decode((UUID, String, Int64, String?, Double?, String?).self)
                fields[uuid, default: [:]][key] = try FieldCoding.value(kind: Int(kind), text: text, number: number, extra: extra)
            }
        }
        for (uuid, index) in pending { attach(index, fields[uuid] ?? [:]) }
    }
}
