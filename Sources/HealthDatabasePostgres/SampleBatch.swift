import Foundation
import HealthDatabase
import PostgresNIO

/// Records waiting to be inserted, column by column, and the statements that insert them: one
/// `INSERT … SELECT … FROM unnest(…) ON CONFLICT (owner_id, uuid) DO NOTHING` of up to ``limit`` samples and one of
/// their fields, so a batch costs two round trips whatever its size (the ingest path measured in docs/PostgreSQL.md).
/// A UUID already stored is found by the insert itself: fewer rows inserted than given fails the save with
/// ``StorageError/duplicateUUID(_:)`` naming the first such record, before its fields are inserted.
struct SampleBatch {
    /// The most samples one statement carries.
    static let limit = 10_000

    let owner: Int64
    private var uuids: [UUID?] = []
    private var positions: [Int64?] = []
    private var kinds: [Int64?] = []
    private var types: [Int64?] = []
    private var starts: [Double?] = []
    private var ends: [Double?] = []
    private var quantities: [Double?] = []
    private var units: [String?] = []
    private var originals: [Double?] = []
    private var counts: [Int64?] = []
    private var categories: [Int64?] = []
    private var sources: [Int64?] = []
    private var devices: [Int64?] = []
    private var syncIdentifiers: [String?] = []
    private var syncVersions: [Int64?] = []
    private var parents: [UUID?] = []
    private var payloads: [Data?] = []
    private var hasFields: [Bool] = []
    private var fieldOwners: [UUID?] = []
    private var fieldKeys: [String?] = []
    private var fieldKinds: [Int64?] = []
    private var fieldTexts: [String?] = []
    private var fieldNumbers: [Double?] = []
    private var fieldExtras: [String?] = []

    init(owner: Int64) { self.owner = owner }

    /// Adds `record` at `position` under `parent`, with its type, source and device ids.
    mutating func add(_ record: SampleRecord, position: Int64, parent: UUID?,
                      ids: (type: Int64, source: Int64, device: Int64?)) throws {
        uuids.append(record.uuid)
        positions.append(position)
        kinds.append(record.kind.code)
        types.append(ids.type)
        starts.append(record.startDate.timeIntervalSince1970)
        ends.append(record.endDate.timeIntervalSince1970)
        quantities.append(record.quantity)
        units.append(record.unit)
        originals.append(record.originalQuantity)
        counts.append(Int64(record.count))
        categories.append(record.categoryValue.map(Int64.init))
        sources.append(ids.source)
        devices.append(ids.device)
        syncIdentifiers.append(record.syncIdentifier)
        syncVersions.append(record.syncVersion)
        parents.append(parent)
        payloads.append(record.payload)
        hasFields.append(!record.fields.isEmpty)
        for (key, value) in record.fields {
            let columns = FieldCoding.columns(value)
            fieldOwners.append(record.uuid)
            fieldKeys.append(key)
            fieldKinds.append(Int64(columns.kind))
            fieldTexts.append(columns.text)
            fieldNumbers.append(columns.number)
            fieldExtras.append(columns.extra)
        }
    }

    /// Inserts what is pending (maintaining the statistics summaries when the owner keeps them) and empties the batch.
    mutating func flush(_ transaction: WriteTransaction) throws {
        let session = transaction.session
        guard !uuids.isEmpty else { return }
        for low in stride(from: 0, to: uuids.count, by: Self.limit) {
            let range = low ..< min(low + Self.limit, uuids.count)
            let inserted = try session.execute(SQL("""
                INSERT INTO sample (owner_id, uuid, change_seq, kind, type_id, start_time, end_time, quantity, unit,
                    original_quantity, count, category_value, source_id, device_id, sync_identifier, sync_version, parent_uuid,
                    payload, has_fields)
                SELECT \(owner), * FROM unnest(?::uuid[], ?::int8[], ?::int8[], ?::int8[], ?::float8[], ?::float8[], ?::float8[],
                    ?::text[], ?::float8[], ?::int8[], ?::int8[], ?::int8[], ?::int8[], ?::text[], ?::int8[], ?::uuid[], ?::bytea[],
                    ?::bool[])
                ON CONFLICT (owner_id, uuid) DO NOTHING
                """, [.uuids(Array(uuids[range])), .ints(Array(positions[range])), .ints(Array(kinds[range])),
                      .ints(Array(types[range])), .doubles(Array(starts[range])), .doubles(Array(ends[range])),
                      .doubles(Array(quantities[range])), .texts(Array(units[range])), .doubles(Array(originals[range])),
                      .ints(Array(counts[range])), .ints(Array(categories[range])), .ints(Array(sources[range])),
                      .ints(Array(devices[range])), .texts(Array(syncIdentifiers[range])), .ints(Array(syncVersions[range])),
                      .uuids(Array(parents[range])), .byteArrays(Array(payloads[range])), .bools(Array(hasFields[range]))]))
            if inserted < range.count { throw try firstStored(range, session) }
        }
        for low in stride(from: 0, to: fieldOwners.count, by: Self.limit) {
            let range = low ..< min(low + Self.limit, fieldOwners.count)
            try session.execute(SQL("""
                INSERT INTO field (owner_id, sample_uuid, key, kind, text, num, extra)
                SELECT \(owner), * FROM unnest(?::uuid[], ?::text[], ?::int8[], ?::text[], ?::float8[], ?::text[])
                """, [.uuids(Array(fieldOwners[range])), .texts(Array(fieldKeys[range])), .ints(Array(fieldKinds[range])),
                      .texts(Array(fieldTexts[range])), .doubles(Array(fieldNumbers[range])), .texts(Array(fieldExtras[range]))]))
        }
        if transaction.summaries { try SlotSumMaintenance.added(uuids.compactMap { $0 }, transaction) }
        self = SampleBatch(owner: owner)
    }

    /// The error for the first record of `range` whose UUID was stored already (at another position), which the
    /// insert skipped: the save fails and its transaction rolls back.
    private func firstStored(_ range: Range<Int>, _ session: Session) throws -> StorageError {
        let row = try session.rows(SQL("""
            SELECT b.uuid FROM unnest(?::uuid[], ?::int8[]) AS b(uuid, position)
            JOIN sample s ON s.owner_id = \(owner) AND s.uuid = b.uuid AND s.change_seq <> b.position
            ORDER BY b.position LIMIT 1
            """, [.uuids(Array(uuids[range])), .ints(Array(positions[range]))])).first
        guard let uuid = try row?.decode(UUID.self) else {
            return StorageError.unavailable("the database stored fewer samples than it was given, none of them already stored")
        }
        return StorageError.duplicateUUID(uuid)
    }
}
