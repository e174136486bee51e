import Foundation
import GRDB
import HealthDatabase

/// Change positions, tombstones and reading the change log.
///
/// Positions come from one counter shared by `sample.id` (the position of the save that created a row)
/// and `tombstone.seq` (the position of a deletion). Because tombstones are never removed, the next
/// position is one past the largest of both; it is read once per write transaction.
enum ChangeLog {
    /// The position the next change of the current write transaction takes.
    static func nextPosition(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: """
            SELECT max(coalesce((SELECT max(id) FROM sample), 0), coalesce((SELECT max(seq) FROM tombstone), 0)) + 1
            """)!
    }

    /// The newest position in the store, 0 when it is empty.
    static func latestPosition(_ db: Database) throws -> Int64 {
        try nextPosition(db) - 1
    }

    /// The columns of a tombstone as returned to callers (`t` is `tombstone`, `y` its type, `o` its source). The
    /// type name comes from a join, not the cache: these reads run inside write transactions, which may have
    /// added type rows the cache does not have yet.
    private static let tombstoneSelect = """
        SELECT t.uuid, y.name, o.bundle_id, t.sync_identifier, t.sync_version
        FROM tombstone t JOIN object_type y ON y.id = t.type JOIN source o ON o.id = t.source_id
        """

    /// Deletes the records whose ids the temporary table `doomed` lists, in its order, each leaving a
    /// tombstone at the next positions. Children of listed records are added first (they cascade).
    /// Returns the tombstones in deletion order and empties `doomed`.
    static func deleteDoomed(_ db: Database, next: inout Int64) throws -> [Tombstone] {
        try db.execute(sql: """
            INSERT OR IGNORE INTO doomed (id)
            WITH RECURSIVE d(id) AS (
                SELECT s.id FROM sample s JOIN doomed ON s.parent_id = doomed.id
                UNION SELECT s.id FROM sample s JOIN d ON s.parent_id = d.id)
            SELECT id FROM d ORDER BY id
            """)
        let base = next
        try db.execute(sql: """
            INSERT INTO tombstone (seq, uuid, type, source_id, sync_identifier, sync_version)
            SELECT ? + d.ord - (SELECT min(ord) FROM doomed), s.uuid, s.type, s.source_id, s.sync_identifier, s.sync_version
            FROM doomed d JOIN sample s ON s.id = d.id ORDER BY d.ord
            """, arguments: [base])
        let count = Int64(db.changesCount)
        try db.execute(sql: "DELETE FROM sample WHERE id IN (SELECT id FROM doomed)")
        try db.execute(sql: "DELETE FROM doomed")
        next += count
        guard count > 0 else { return [] }
        return try tombstones(db, sql: tombstoneSelect + " WHERE t.seq >= ? ORDER BY t.seq", arguments: [base])
    }

    /// Creates the temporary table ``deleteDoomed(_:next:)`` reads, empty.
    static func prepareDoomed(_ db: Database) throws {
        try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS doomed (ord INTEGER PRIMARY KEY, id INTEGER NOT NULL UNIQUE)")
        try db.execute(sql: "DELETE FROM doomed")
    }

    /// Deletes one record replaced by a newer sync version, leaving its tombstone at `position`.
    /// Its children have already moved to the new record.
    static func retire(_ id: Int64, at position: Int64, _ db: Database) throws -> Tombstone {
        try db.execute(sql: """
            INSERT INTO tombstone (seq, uuid, type, source_id, sync_identifier, sync_version)
            SELECT ?, uuid, type, source_id, sync_identifier, sync_version FROM sample WHERE id = ?
            """, arguments: [position, id])
        try db.execute(sql: "DELETE FROM sample WHERE id = ?", arguments: [id])
        return try tombstones(db, sql: tombstoneSelect + " WHERE t.seq = ?", arguments: [position])[0]
    }

    private static func tombstones(_ db: Database, sql: String, arguments: StatementArguments) throws -> [Tombstone] {
        try Row.fetchAll(db.filterStatement(sql: sql), arguments: arguments).map {
            Tombstone(uuid: $0[0], type: $0[1], sourceBundleIdentifier: $0[2], syncIdentifier: $0[3], syncVersion: $0[4])
        }
    }

    /// The query ``changes(after:matching:limit:reader:_:)`` runs: ``RecordReader/columns`` and a tombstone flag.
    ///
    /// Every arm of the compound reads in position order, so SQLite merges them and stops at the limit with no sort
    /// step. A filter confined to one type reads the `(type)` index (its entries are in `(type, id)` order); one
    /// confined to a few types gets an arm per type for the same reason. A single `type IN (…)` arm would read the
    /// index type after type and sort every row it found in a temporary B-tree: reading 1,000,000 changes of two types
    /// took SQLite 2.0 s that way, against 1.2 s merged per type. An unlimited read whose types fill most of its
    /// positions (``isDense(_:after:through:_:)``) walks the table itself instead: 0.8 s for the same read.
    static func select(after: Int64, through: Int64?, matching filter: SampleFilter, limit: Int?,
                       _ identities: IdentityCache, _ db: Database) throws -> SQLPart {
        let compiler = try FilterSQL(for: filter, identities, db)
        let range: StatementArguments = [after, through ?? Int64.max]
        // One arm per type (see TypeArms), or one arm without a type term of its own.
        let perType = compiler.typeArms(filter) ?? [.whole(filter)]
        let scan = try limit == nil && isDense(compiler.confinedTypeIDs(filter), after: after, through: through, db)
        var arms: [SQLPart] = (scan ? [.whole(filter)] : perType).map { arm in
            let saved = arm.condition(compiler.samples(arm.filter), typeColumn: "s.type")
            return SQLPart("""
                SELECT \(RecordReader.columns), 0 FROM sample s \(scan ? "NOT INDEXED " : "")\(RecordReader.parentJoin)
                WHERE s.id > ? AND s.id <= ? AND (\(saved.sql))
                """, range + saved.arguments)
        }
        arms += perType.map { arm in
            let deleted = arm.condition(compiler.tombstones(arm.filter), typeColumn: "t.type")
            return SQLPart("""
                SELECT t.seq, t.uuid, NULL, t.type, NULL, NULL, NULL, NULL, NULL, NULL, NULL, t.source_id, NULL,
                    t.sync_identifier, t.sync_version, NULL, NULL, 0, 1
                FROM tombstone t WHERE t.seq > ? AND t.seq <= ? AND (\(deleted.sql))
                """, range + deleted.arguments)
        }
        // ORDER BY on the compound itself (not on a subquery around it) lets SQLite merge the position-ordered scans.
        var query = SQLPart.unionAll(arms)
        query.sql += "\nORDER BY 1 LIMIT ?"
        query.arguments += [limit ?? -1]
        return query
    }

    /// Whether the records of `types` (a confined filter's type ids) hold at least ``denseShare`` of the positions
    /// in `(after, through]`, counted on the `(type)` index (a few percent of reading them), so reading the table in
    /// position order and skipping the other rows beats looking each one up from the index. False for short spans
    /// and for filters not confined to types (those read the table anyway).
    static func isDense(_ types: [Int64]?, after: Int64, through: Int64?, _ db: Database) throws -> Bool {
        guard let types, !types.isEmpty else { return false }
        let span = min(through ?? Int64.max, try latestPosition(db)) - after
        guard span >= denseCheckSpan else { return false }
        let count = try Int64.fetchOne(db, sql: """
            SELECT count(*) FROM sample WHERE type IN (\(SQLPart.placeholders(types.count))) AND id > ? AND id <= ?
            """, arguments: StatementArguments(types) + [after, after + span]) ?? 0
        return Double(count) >= Double(span) * denseShare
    }

    /// The share of positions above which ``isDense(_:after:through:_:)`` reads the table itself. Per row, looking a
    /// record up from the `(type)` index cost about three times scanning past it (1,000,000 positions here: 0.42 s
    /// for 400,000 step counts from the index, 0.37 s scanning all of them).
    static let denseShare = 0.4

    /// Spans shorter than this are read from the index without counting.
    static let denseCheckSpan: Int64 = 10_000

    /// The changes after `after` matching `filter`, oldest first, at most `limit`: present records at the
    /// position of their save, tombstones at the position of their deletion, merged in one SQL query.
    static func changes(after: Int64, through: Int64?, matching filter: SampleFilter, limit: Int?,
                        reader: RecordReader, _ db: Database) throws -> ChangeBatch {
        let query = try select(after: after, through: through, matching: filter, limit: limit, reader.identities, db)
        var changes: [Change] = []
        if let limit { changes.reserveCapacity(min(limit, 100_000)) }
        var pendingFields = PendingFields()
        var state = RecordReader.ReadState()
        var anchor = after
        try StatementRows.forEach(db.filterStatement(sql: query.sql), arguments: query.arguments, db) { row in
            anchor = row.int64(0)
            if row.bool(CInt(RecordReader.columnCount)) {
                guard let uuid = try row.uuid(1) else { throw StorageError.unavailable("tombstone \(anchor) has no UUID") }
                let type = try state.type(row.int64(3), reader.identities, db)
                let source = try state.source(row.int64(11), reader.identities, db)
                changes.append(.deleted(Tombstone(uuid: uuid, type: type, sourceBundleIdentifier: source.bundleIdentifier,
                                                  syncIdentifier: row.text(13, &state.strings), syncVersion: row.optionalInt64(14))))
            } else {
                let (record, id, hasFields) = try reader.record(row, &state, db)
                if hasFields { pendingFields.add(id: id, index: changes.count) }
                changes.append(.saved(record))
            }
        }
        // Each record is lifted out of the array while its fields are set, so it is the only reference to its storage
        // and takes them in place (set while the array still held it, every record with fields was copied whole).
        let vacancy = Change.deleted(Tombstone(uuid: UUID(), type: "", sourceBundleIdentifier: ""))
        for (index, fields) in try reader.fields(pendingFields, db) {
            guard case .saved(var record) = changes[index] else { continue }
            changes[index] = vacancy
            record.fields = fields
            changes[index] = .saved(record)
        }
        return ChangeBatch(changes: changes, anchor: anchor)
    }
}
