import Foundation
import GRDB
import HealthDatabase

/// Turns `sample` rows into ``SampleRecord`` values.
///
/// Every select that yields records lists ``columns`` first, in this order; the reader then attaches the
/// fields of the records that have any, with one query per batch.
struct RecordReader {
    /// The columns a record is rebuilt from (`s` is `sample`, `p` its parent, joined on `parent_id`).
    static let columns = columns(includePayload: true)
    /// ``columns`` with NULL in place of the payload, for reads that leave payloads out.
    static let columnsWithoutPayload = columns(includePayload: false)

    /// The record columns, with or without the payload (always the same count and positions).
    static func columns(includePayload: Bool) -> String {
        """
        s.id, s.uuid, s.kind, s.type, s.start, s.end, s.quantity, s.unit, s.original_quantity, s.count, \
        s.category_value, s.source_id, s.device_id, s.sync_identifier, s.sync_version, p.uuid, \
        \(includePayload ? "s.payload" : "NULL"), s.has_fields
        """
    }
    /// The join that gives ``columns`` the parent's UUID.
    static let parentJoin = "LEFT JOIN sample p ON p.id = s.parent_id"
    /// How many columns ``columns`` lists.
    static let columnCount = 18

    let identities: IdentityCache

    /// The record in `row`, without its fields; `fieldsPending` tells whether it has fields to attach.
    func record(_ row: Row, _ db: Database) throws -> (record: SampleRecord, id: Int64, fieldsPending: Bool) {
        let id: Int64 = row[0]
        guard let kind = RecordKind(rawValue: row[2]) else {
            throw StorageError.unavailable("record \(id) has an unknown kind \(String(describing: row[2] as String?))")
        }
        let deviceID: Int64? = row[12]
        let record = SampleRecord(
            uuid: row[1], kind: kind, type: row[3],
            startDate: Date(timeIntervalSince1970: row[4]), endDate: Date(timeIntervalSince1970: row[5]),
            quantity: row[6], unit: row[7], originalQuantity: row[8], count: row[9], categoryValue: row[10],
            source: try identities.source(row[11], db), device: try deviceID.map { try identities.device($0, db) },
            syncIdentifier: row[13], syncVersion: row[14], parent: row[15], payload: row[16])
        return (record, id, row[17] as Bool)
    }

    /// The records a statement selects (its first columns being ``columns``), fields attached.
    func records(_ db: Database, sql: String, arguments: StatementArguments) throws -> [SampleRecord] {
        var records: [SampleRecord] = []
        var pending: [Int64: Int] = [:]
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        while let row = try rows.next() {
            let (record, id, hasFields) = try self.record(row, db)
            if hasFields { pending[id] = records.count }
            records.append(record)
        }
        try attachFields(pending, to: &records, db)
        return records
    }

    /// Loads the fields of the records at `positions` (record id to index in `records`).
    func attachFields(_ positions: [Int64: Int], to records: inout [SampleRecord], _ db: Database) throws {
        guard !positions.isEmpty else { return }
        let ids = Array(positions.keys)
        let chunk = 500
        for low in stride(from: 0, to: ids.count, by: chunk) {
            let slice = ids[low ..< min(low + chunk, ids.count)]
            let sql = "SELECT sample_id, key, kind, text, num, extra FROM field WHERE sample_id IN (\(SQLPart.placeholders(slice.count)))"
            let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: StatementArguments(slice))
            while let row = try rows.next() {
                guard let index = positions[row[0]] else { continue }
                records[index].fields[row[1]] = try FieldCoding.value(kind: row[2], text: row[3], number: row[4], extra: row[5])
            }
        }
    }
}

/// How a ``FieldValue`` is spread over the `field` table's columns.
enum FieldCoding {
    /// The kind tag, the `text` column (text values only), the `num` column (anything a filter compares
    /// as a number) and the `extra` column (a quantity's original text).
    static func columns(_ value: FieldValue) -> (kind: Int, text: String?, number: Double?, extra: String?) {
        switch value {
        case .text(let text): (0, text, nil, nil)
        case .number(let number): (1, nil, number, nil)
        case .bool(let bool): (2, nil, bool ? 1 : 0, nil)
        case .date(let date): (3, nil, date.timeIntervalSince1970, nil)
        case .quantity(let base, let text): (4, nil, base, text)
        }
    }

    /// The value stored in a `field` row.
    static func value(kind: Int, text: String?, number: Double?, extra: String?) throws -> FieldValue {
        switch kind {
        case 0: return .text(text ?? "")
        case 1: return .number(number ?? 0)
        case 2: return .bool((number ?? 0) != 0)
        case 3: return .date(Date(timeIntervalSince1970: number ?? 0))
        case 4: return .quantity(base: number ?? 0, text: extra ?? "")
        default: throw StorageError.unavailable("a field has an unknown kind \(kind)")
        }
    }
}
