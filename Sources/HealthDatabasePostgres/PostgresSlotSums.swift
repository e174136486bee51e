import Foundation
public import HealthDatabase
import PostgresNIO

extension PostgresHealthStorage: SlotSumStorage {
    /// See ``SlotSumStorage/slotSeconds``.
    public var slotSeconds: Double { 900 }

    /// See ``SlotSumStorage/prepareSlotSums()``: summarises the owner's samples in one write transaction (holding the
    /// counter row, so no write slips past) and keeps the summaries from then on.
    public func prepareSlotSums() throws {
        try write("preparing statistics summaries", announce: false) { transaction in try SlotSumMaintenance.install(transaction) }
    }

    /// See ``SlotSumStorage/slotSums(type:slots:)``.
    public func slotSums(type: String, slots: ClosedRange<Int64>?) throws -> [SlotSum] {
        try read("reading slot sums") { session in
            guard let typeID = try identities.typeIDs([type], session)[type] else { return [] }
            let range = slots ?? Int64.min ... Int64.max
            let rows = try session.rows(SQL("""
                SELECT t.slot, o.bundle_id, t.total, t.n FROM stat_slot t JOIN source o ON o.owner_id = t.owner_id AND o.id = t.source_id
                WHERE t.owner_id = \(ownerID) AND t.type_id = ?::int8 AND t.slot BETWEEN ?::int8 AND ?::int8 ORDER BY t.slot
                """, [.int(typeID), .int(range.lowerBound), .int(range.upperBound)]))
            return try rows.map { row in
                let (slot, source, total, count) = try row.decode((Int64, String, Double, Int64).self)
                return SlotSum(slot: slot, source: source, total: total, count: Int(count))
            }
        }
    }

    /// See ``SlotSumStorage/rawSamples(type:)``.
    public func rawSamples(type: String) throws -> [RawSample] {
        try read("reading raw samples") { session in
            guard let typeID = try identities.typeIDs([type], session)[type] else { return [] }
            let rows = try session.rows(SQL("""
                SELECT r.start_time, r.end_time, o.bundle_id, r.sample_uuid,
                       EXISTS (SELECT 1 FROM field f WHERE f.owner_id = r.owner_id AND f.sample_uuid = r.sample_uuid
                               AND f.key = 'HKWasUserEntered' AND f.num = 1)
                FROM stat_raw r JOIN sample s ON s.owner_id = r.owner_id AND s.uuid = r.sample_uuid
                JOIN source o ON o.owner_id = s.owner_id AND o.id = s.source_id WHERE r.owner_id = \(ownerID) AND r.type_id = ?::int8
                """, [.int(typeID)]))
            return try rows.map { row in
                let (start, end, source, uuid, userEntered) = try row.decode((Double, Double, String, UUID, Bool).self)
                let startDate = Date(timeIntervalSince1970: start)
                return RawSample(interval: DateInterval(start: startDate, end: max(startDate, Date(timeIntervalSince1970: end))),
                                 source: source, uuid: uuid, userEntered: userEntered)
            }
        }
    }

    /// See ``SlotSumStorage/deletedSlots(after:)``.
    public func deletedSlots(after: Int64) throws -> (slots: [(type: String, first: Int64, last: Int64)], mark: Int64) {
        try read("reading deleted slots") { session in
            let rows = try session.rows(SQL("""
                SELECT seq, type_id::int8, first_slot, last_slot FROM stat_deleted WHERE owner_id = \(ownerID) AND seq > ?::int8 ORDER BY seq
                """, [.int(after)]))
            var mark = after
            let slots = try rows.map { row in
                let (seq, type, first, last) = try row.decode((Int64, Int64, Int64, Int64).self)
                mark = seq
                return (type: try identities.typeName(type, session), first: first, last: last)
            }
            return (slots, mark)
        }
    }

    /// See ``SlotSumStorage/figuresNote(type:)``.
    public func figuresNote(type: String) throws -> FiguresNote? {
        try read("reading a summary note") { session in
            guard let typeID = try identities.typeIDs([type], session)[type],
                  let row = try session.rows(SQL("""
                      SELECT position, deleted_mark, data FROM stat_note WHERE owner_id = \(ownerID) AND type_id = ?::int8
                      """, [.int(typeID)])).first else { return nil }
            let (position, mark, data) = try row.decode((Int64, Int64, Data).self)
            return FiguresNote(position: position, deletedMark: mark, data: data)
        }
    }

    /// See ``SlotSumStorage/setFiguresNote(_:type:)``.
    public func setFiguresNote(_ note: FiguresNote, type: String) throws {
        try write("keeping a summary note", announce: false) { transaction in
            guard transaction.summaries, let typeID = try identities.typeIDs([type], transaction.session)[type] else { return }
            try transaction.session.execute(SQL("""
                INSERT INTO stat_note (owner_id, type_id, position, deleted_mark, data) VALUES (\(ownerID), ?, ?, ?, ?)
                ON CONFLICT (owner_id, type_id) DO UPDATE SET position = excluded.position, deleted_mark = excluded.deleted_mark,
                    data = excluded.data
                """, [.int(typeID), .int(note.position), .int(note.deletedMark), .bytes(note.data)]))
        }
    }

    /// See ``SlotSumStorage/quantityValues(matching:type:starts:)``.
    ///
    /// Each row names its source by id, the bundle identifier looked up afterwards in the identity cache
    /// (``SampleQuery/quantityValues(owner:_:_:type:starts:)`` says why).
    public func quantityValues(matching filter: SampleFilter, type: String, starts: Range<Double>?) throws -> [QuantityValue] {
        try read("reading quantity samples") { session in
            let compiler = try FilterSQL(for: filter, identities, session)
            var typeID: Int64?
            if starts != nil {
                guard let id = try identities.typeIDs([type], session)[type] else { return [] }
                typeID = id
            }
            let rows = try session.rows(SampleQuery.quantityValues(owner: ownerID, filter, compiler, type: typeID, starts: starts))
            let decoded = try rows.map { try $0.decode((Double, Double, Double, Double?, String?, Int64, Bool).self) }
            let sourceIDs = Set(decoded.map(\.5))
            try identities.load(sources: sourceIDs, devices: [], session)
            let bundles = try Dictionary(uniqueKeysWithValues: sourceIDs.map { ($0, try identities.source($0).bundleIdentifier) })
            return decoded.map { start, end, quantity, original, unit, source, userEntered in
                QuantityValue(start: start, end: end, quantity: quantity, original: original.flatMap { value in unit.map { (value, $0) } },
                              source: bundles[source] ?? "", userEntered: userEntered)
            }
        }
    }
}
