import Foundation
import GRDB
import HealthDatabase

/// Turns `sample` rows into ``SampleRecord`` values.
///
/// Every select that yields records lists ``columns`` first, in this order; the reader then attaches the
/// fields of the records that have any, with one query per batch.
struct RecordReader {
    /// The columns a record is rebuilt from (`s` is `sample`, `p` its parent, joined on `parent_id`).
    static let columns = columns(.all)

    /// The record columns with NULL in place of the parts not in `parts` (always the same count and positions); a
    /// select without ``RecordParts/parent`` has no ``parentJoin`` either.
    static func columns(_ parts: RecordParts) -> String {
        partColumns.indices.contains(parts.rawValue) ? partColumns[parts.rawValue] : spelled(parts)
    }

    /// ``columns(_:)`` for every set of parts, by raw value, spelled once.
    private static let partColumns = (0 ... RecordParts.all.rawValue).map { spelled(RecordParts(rawValue: $0)) }

    /// The columns ``columns(_:)`` lists.
    private static func spelled(_ parts: RecordParts) -> String {
        func part(_ part: RecordParts, _ column: String) -> String { parts.contains(part) ? column : "NULL" }
        return """
            s.id, s.uuid, s.kind, s.type, s.start, s.end, s.quantity, s.unit, s.original_quantity, s.count, \
            \(part(.categoryValue, "s.category_value")), s.source_id, s.device_id, \
            \(part(.sync, "s.sync_identifier")), \(part(.sync, "s.sync_version")), \(part(.parent, "p.uuid")), \
            \(part(.payload, "s.payload")), s.has_fields
            """
    }
    /// The join that gives ``columns`` the parent's UUID.
    static let parentJoin = "LEFT JOIN sample p ON p.id = s.parent_id"
    /// ``parentJoin`` when `parts` has the parent, else nothing.
    static func parentJoin(_ parts: RecordParts) -> String { parts.contains(.parent) ? parentJoin : "" }
    /// How many columns ``columns`` lists.
    static let columnCount = 18
    /// The 1-based positions of `s.id`, `s.start` and `s.end` in ``columns``, for ORDER BY on a compound SELECT.
    static let (idColumn, startColumn, endColumn) = (1, 5, 6)

    let identities: IdentityCache

    /// What one read remembers from row to row: recent strings, and the last few type, source and device rows
    /// (a read names a handful of them, so most rows skip the shared cache's lock and hashing).
    struct ReadState {
        var strings = RecentStrings()
        private var types: [(id: Int64, record: String)] = []
        private var sources: [(id: Int64, record: SourceRecord)] = []
        private var devices: [(id: Int64, record: DeviceRecord)] = []

        /// The type name stored under `id`, through `identities`.
        mutating func type(_ id: Int64, _ identities: IdentityCache, _ db: Database) throws -> String {
            if let hit = types.first(where: { $0.id == id }) { return hit.record }
            let name = try identities.typeName(id, db)
            Self.remember((id, name), in: &types)
            return name
        }

        /// The source stored under `id`, through `identities`.
        mutating func source(_ id: Int64, _ identities: IdentityCache, _ db: Database) throws -> SourceRecord {
            if let hit = sources.first(where: { $0.id == id }) { return hit.record }
            let record = try identities.source(id, db)
            Self.remember((id, record), in: &sources)
            return record
        }

        /// The device stored under `id`, through `identities`.
        mutating func device(_ id: Int64, _ identities: IdentityCache, _ db: Database) throws -> DeviceRecord {
            if let hit = devices.first(where: { $0.id == id }) { return hit.record }
            let record = try identities.device(id, db)
            Self.remember((id, record), in: &devices)
            return record
        }

        private static func remember<T>(_ entry: (id: Int64, record: T), in entries: inout [(id: Int64, record: T)]) {
            entries.insert(entry, at: 0)
            if entries.count > 4 { entries.removeLast() }
        }
    }

    /// The record in `row`, without its fields; `fieldsPending` tells whether it has fields to attach.
    func record(_ row: ColumnReader, _ state: inout ReadState, _ db: Database) throws
        -> (record: SampleRecord, id: Int64, fieldsPending: Bool) {
        let id = row.int64(0)
        guard let uuid = try row.uuid(1), let kind = RecordKind(code: row.int64(2)) else {
            throw StorageError.unavailable("record \(id) has no UUID or an unknown kind (\(row.int64(2)))")
        }
        let type = try state.type(row.int64(3), identities, db)
        let record = SampleRecord(
            uuid: uuid, kind: kind, type: type,
            startDate: Date(timeIntervalSince1970: row.double(4)), endDate: Date(timeIntervalSince1970: row.double(5)),
            quantity: row.optionalDouble(6), unit: row.text(7, &state.strings), originalQuantity: row.optionalDouble(8),
            count: Int(row.int64(9)), categoryValue: row.optionalInt64(10).map { Int($0) },
            source: try state.source(row.int64(11), identities, db),
            device: try row.optionalInt64(12).map { try state.device($0, identities, db) },
            syncIdentifier: row.text(13, &state.strings), syncVersion: row.optionalInt64(14), parent: try row.uuid(15),
            payload: row.data(16))
        return (record, id, row.bool(17))
    }

    /// The records a statement selects (its first columns being ``columns``), fields attached.
    func records(_ db: Database, sql: String, arguments: StatementArguments) throws -> [SampleRecord] {
        var records: [SampleRecord] = []
        var pending = PendingFields()
        var state = ReadState()
        try StatementRows.forEach(db.filterStatement(sql: sql), arguments: arguments, db) { row in
            let (record, id, hasFields) = try self.record(row, &state, db)
            if hasFields { pending.add(id: id, index: records.count) }
            records.append(record)
        }
        for (index, fields) in try fields(pending, db) { records[index].fields = fields }
        return records
    }

    /// The records a statement selects, fields attached, handed to `body` as the statement steps: one record value
    /// rewritten from row to row (unshared, it changes in place, so no record is allocated per row), each row's fields
    /// read as the row comes (one seek of the field table's key). Every statement runs while the select is still
    /// stepping, so all of them read the select's snapshot: the caller needs no transaction around the read.
    /// ``records(_:sql:arguments:)`` reads the fields of a long read in batches instead. The columns of the parts not in
    /// `parts` (NULL in a select of ``columns(_:)`` for them) are not decoded.
    func forEach(_ db: Database, sql: String, arguments: StatementArguments, parts: RecordParts,
                 _ body: (SampleRecord) throws -> Void) throws {
        var state = ReadState()
        var record: SampleRecord?
        var previous = RowIdentities(type: 0, source: 0, device: nil)
        let fieldStatement = try db.cachedStatement(sql: Self.oneRecordFieldSQL)
        try StatementRows.forEach(db.filterStatement(sql: sql), arguments: arguments, db) { row in
            if record == nil {
                record = try self.record(row, &state, db).record
                previous = RowIdentities(type: row.int64(3), source: row.int64(11), device: row.optionalInt64(12))
            } else {
                previous = try rewrite(&record!, row, previous, parts, &state, db)
            }
            if row.bool(17) {
                record!.fields = try fields(of: row.int64(0), fieldStatement, &state.strings, db)
            } else if !record!.fields.isEmpty {
                record!.fields = [:]
            }
            try body(record!)
        }
    }

    /// The ids a row names its type, source and device by (columns 3, 11 and 12).
    private struct RowIdentities {
        let type: Int64
        let source: Int64
        let device: Int64?
    }

    /// Rewrites `record`, which holds the row whose ids were `previous`, to hold `row`, the columns ``record(_:_:_:)``
    /// reads (fields aside, and the columns of the parts not in `parts`, which stay as the first row left them: NULL);
    /// returns the row's ids. The type, source and device change only when their ids do, so rows naming the ones before
    /// retain and release nothing for them.
    private func rewrite(_ record: inout SampleRecord, _ row: ColumnReader, _ previous: RowIdentities, _ parts: RecordParts,
                         _ state: inout ReadState, _ db: Database) throws -> RowIdentities {
        let ids = RowIdentities(type: row.int64(3), source: row.int64(11), device: row.optionalInt64(12))
        guard let uuid = try row.uuid(1), let kind = RecordKind(code: row.int64(2)) else {
            throw StorageError.unavailable("record \(row.int64(0)) has no UUID or an unknown kind (\(row.int64(2)))")
        }
        record.uuid = uuid
        record.kind = kind
        if ids.type != previous.type { record.type = try state.type(ids.type, identities, db) }
        record.startDate = Date(timeIntervalSince1970: row.double(4))
        record.endDate = Date(timeIntervalSince1970: row.double(5))
        record.quantity = row.optionalDouble(6)
        // Most rows repeat the unit before them: kept, it is neither decoded nor stored again.
        if !row.text(7, equals: record.unit) { record.unit = row.text(7, &state.strings) }
        record.originalQuantity = row.optionalDouble(8)
        record.count = Int(row.int64(9))
        if parts.contains(.categoryValue) { record.categoryValue = row.optionalInt64(10).map { Int($0) } }
        if ids.source != previous.source { record.source = try state.source(ids.source, identities, db) }
        if ids.device != previous.device { record.device = try ids.device.map { try state.device($0, identities, db) } }
        if parts.contains(.sync) {
            record.syncIdentifier = row.text(13, &state.strings)
            record.syncVersion = row.optionalInt64(14)
        }
        if parts.contains(.parent) { record.parent = try row.uuid(15) }
        if parts.contains(.payload) { record.payload = row.data(16) }
        return ids
    }

    /// The fields of one record.
    private static let oneRecordFieldSQL = "SELECT sample_id, key, kind, text, num, extra FROM field WHERE sample_id = ?"

    /// The fields of record `id`, through ``oneRecordFieldSQL``.
    private func fields(of id: Int64, _ statement: Statement, _ strings: inout RecentStrings, _ db: Database) throws -> [String: FieldValue] {
        var fields: [String: FieldValue] = [:]
        try StatementRows.forEach(statement, integers: CollectionOfOne(id), db) { row in
            if let (key, value) = try Self.field(row, &strings) { fields[key] = value }
        }
        return fields
    }

    /// The key and value of a field row (``fieldSQL(_:)``'s columns), nil without a key.
    private static func field(_ row: ColumnReader, _ strings: inout RecentStrings) throws -> (String, FieldValue)? {
        guard let key = row.text(1, &strings) else { return nil }
        return (key, try FieldCoding.value(kind: Int(row.int64(2)), text: row.text(3, &strings), number: row.optionalDouble(4),
                                           extra: row.text(5, &strings)))
    }

    /// The SQL that reads the fields of `count` records.
    private static func fieldSQL(_ count: Int) -> String {
        "SELECT sample_id, key, kind, text, num, extra FROM field WHERE sample_id IN (\(SQLPart.placeholders(count)))"
    }

    /// ``fieldSQL(_:)`` for every padded slice size, written once.
    private static let fieldSQL = Dictionary(uniqueKeysWithValues: (0 ... 9).map { 1 << $0 }.map { ($0, fieldSQL($0)) })

    /// The fields of the `pending` records, with each record's index in the caller's list; no query at all when
    /// none is pending (no row had `has_fields` set).
    func fields(_ pending: PendingFields, _ db: Database) throws -> [(index: Int, fields: [String: FieldValue])] {
        let pending = pending.sorted()
        guard !pending.ids.isEmpty else { return [] }
        var fields = [[String: FieldValue]](repeating: [:], count: pending.ids.count)
        var strings = RecentStrings()
        let chunk = 500
        for low in stride(from: 0, to: pending.ids.count, by: chunk) {
            // Padded to a power of two (repeating an id changes nothing), so a handful of statement shapes serve
            // every slice and the statement cache stays small.
            var slice = Array(pending.ids[low ..< min(low + chunk, pending.ids.count)])
            slice += repeatElement(slice[0], count: min(chunk, 1 << (Int.bitWidth - (slice.count - 1).leadingZeroBitCount)) - slice.count)
            let sql = Self.fieldSQL[slice.count] ?? Self.fieldSQL(slice.count)
            try StatementRows.forEach(db.cachedStatement(sql: sql), integers: slice, db) { row in
                guard let position = pending.position(of: row.int64(0)), let (key, value) = try Self.field(row, &strings) else { return }
                fields[position][key] = value
            }
        }
        return zip(pending.indices, fields).map { ($0, $1) }
    }
}

/// The records of a read that have fields to attach: their ids, and where each record is in the reader's list.
///
/// Kept as two arrays searched by bisection rather than a dictionary: hashing 200,000 ids was a fifth of reading
/// 1,000,000 changes. Reads in change order add the ids ascending, so sorting them costs nothing then.
struct PendingFields {
    private(set) var ids: [Int64] = []
    private(set) var indices: [Int] = []

    /// Notes that record `id`, at `index` in the reader's list, has fields.
    mutating func add(id: Int64, index: Int) {
        ids.append(id)
        indices.append(index)
    }

    /// The same records, by ascending id.
    func sorted() -> PendingFields {
        guard zip(ids, ids.dropFirst()).contains(where: { $0 >= $1 }) else { return self }
        let order = ids.indices.sorted { ids[$0] < ids[$1] }
        return PendingFields(ids: order.map { ids[$0] }, indices: order.map { indices[$0] })
    }

    /// Where `id` is among ``ids`` (which must be sorted), or nil.
    func position(of id: Int64) -> Int? {
        var low = 0, high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id ? low : nil
    }
}
