public import Foundation

/// The result of saving records.
public struct SaveOutcome: Sendable, Hashable {
    /// Records stored (new, or replacing an older sync version).
    public var stored: [UUID]
    /// Records not stored because a record with the same source and sync identifier and an equal or
    /// higher sync version already exists. Not an error: HealthKit reports such saves as successful.
    public var ignored: [UUID]
    /// Records replaced by a higher sync version; each left a tombstone.
    public var replaced: [Tombstone]
    /// Stored records moved under an ``SampleAssociation``'s parent, each at a new change position.
    public var associated: [UUID]

    /// Creates an outcome.
    public init(stored: [UUID] = [], ignored: [UUID] = [], replaced: [Tombstone] = [], associated: [UUID] = []) {
        self.stored = stored
        self.ignored = ignored
        self.replaced = replaced
        self.associated = associated
    }
}

/// One entry of the change log: a record saved, or a record deleted.
public enum Change: Sendable, Hashable {
    /// A record saved at this position (still present).
    case saved(SampleRecord)
    /// A record deleted at this position.
    case deleted(Tombstone)
}

/// A slice of the change log, in order, and where to continue from.
public struct ChangeBatch: Sendable, Hashable {
    /// Saved records and tombstones, in change order.
    public var changes: [Change]
    /// The position to pass as `after` next time; unchanged when the batch is empty.
    public var anchor: Int64

    /// Creates a batch.
    public init(changes: [Change], anchor: Int64) {
        self.changes = changes
        self.anchor = anchor
    }
}

/// Errors every storage engine reports the same way.
public enum StorageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A record with this UUID already exists.
    case duplicateUUID(UUID)
    /// A record's `parent` names no stored record.
    case missingParent(record: UUID, parent: UUID)
    /// A ``SampleAssociation`` names a member that is not stored.
    case missingRecord(UUID)
    /// A ``SampleAssociation`` would put a record under itself or under one of its own children.
    case cyclicAssociation(record: UUID, parent: UUID)
    /// The database cannot be opened, read or written; the message says why and where.
    case unavailable(String)
    /// The database was written by a newer version of OpenHealthKit.
    case unsupportedSchema(found: Int, supported: Int)

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .duplicateUUID(let uuid): "an object with UUID \(uuid) is already stored"
        case .missingParent(let record, let parent): "record \(record) belongs to \(parent), which is not stored"
        case .missingRecord(let uuid): "no record with UUID \(uuid) is stored"
        case .cyclicAssociation(let record, let parent): "record \(record) cannot belong to \(parent), which it contains"
        case .unavailable(let message): message
        case .unsupportedSchema(let found, let supported):
            "the database has schema version \(found); this OpenHealthKit supports up to \(supported)"
        }
    }
}

/// The storage contract: one person's store of records, its change log, and the small tables beside it.
///
/// Engines (SQLite, PostgreSQL) implement this and pass the shared conformance suite. Every method is
/// synchronous and thread-safe; callers run them off their own threads. Writes are atomic: a call that
/// throws has changed nothing.
public protocol HealthStorage: Sendable {
    /// Stores `records` in one transaction, in the given order (a correlation before its members).
    ///
    /// A record with a sync identifier replaces the stored record with the same source and sync identifier
    /// when its sync version is higher (the old one leaves a tombstone, and its children move to the new
    /// record, except its parts: children of kind ``RecordKind/part``, such as a workout's activities, and every
    /// member of a correlation, which the new version brings again, are deleted with it, leaving tombstones; the
    /// children of those parts that are not parts themselves move to the new record too), and is ignored when it
    /// is not.
    /// Records whose parent is ignored in the same call are ignored too (reported in ``SaveOutcome/ignored``).
    /// Throws ``StorageError/duplicateUUID(_:)`` when a UUID is taken.
    ///
    /// With an `association`, after the records are stored, its members (records already stored) move under its
    /// parent (or, when its parent is nil, out from under theirs) in the same transaction, each at a new change
    /// position (see ``SampleAssociation``), and are reported in ``SaveOutcome/associated``. The parent may be one of
    /// `records`; when it is ignored (an older sync version), nothing moves. Throws ``StorageError/missingParent(record:parent:)`` when the parent is not
    /// stored, ``StorageError/missingRecord(_:)`` when a member is not, and
    /// ``StorageError/cyclicAssociation(record:parent:)`` when a member is the parent or one of its ancestors.
    func save(_ records: [SampleRecord], associating association: SampleAssociation?) throws -> SaveOutcome

    /// Deletes the records with these UUIDs (and their children) that `source` wrote, or any source's when
    /// `source` is nil, in one transaction. Returns the tombstones, in deletion order; unknown UUIDs are skipped.
    func delete(uuids: [UUID], source: String?) throws -> [Tombstone]

    /// Deletes every record matching `filter` (and their children) in one transaction; returns the tombstones.
    func delete(matching filter: SampleFilter) throws -> [Tombstone]

    /// The records matching `filter`, sorted, at most `limit` of them (all when nil).
    ///
    /// With `includePayload` false every record comes back with a nil ``SampleRecord/payload`` and the engine
    /// does not read the payloads at all (document lists without their XML); everything else is as with true.
    /// ``records(matching:sort:limit:)`` reads with payloads.
    func records(matching filter: SampleFilter, sort: [SampleSort], limit: Int?, includePayload: Bool) throws -> [SampleRecord]

    /// The records ``records(matching:sort:limit:includePayload:)`` returns, handed to `body` one by one, in order, as
    /// the engine reads them: for a reader that turns each record into something else (the query layer's objects) and
    /// has no use for the list. An engine need not build the records as separate values: SQLite rewrites one record
    /// from row to row (a `body` that keeps a record keeps a copy, by value semantics). `body` runs inside the engine's
    /// read, so it must not call the storage; what it throws ends the read and is rethrown as it is. The parts of the
    /// record not in `parts` may come back at their defaults (nil) or as stored: the caller must not use them. The
    /// default reads the list (with payloads when `parts` has them), then hands it over.
    func forEachRecord(matching filter: SampleFilter, sort: [SampleSort], limit: Int?, parts: RecordParts,
                       _ body: (SampleRecord) throws -> Void) throws

    /// The records matching `filter` (unsorted, payloads included), read where the next write happens: for a writer
    /// reading the stored versions of what it is about to save, batch after batch. SQLite reads on its writer
    /// connection, whose page cache still holds what the last commits touched (a pool reader starts cold after every
    /// commit). The default reads as ``records(matching:sort:limit:includePayload:)`` does.
    func recordsBeforeWriting(matching filter: SampleFilter) throws -> [SampleRecord]

    /// How many records match `filter`.
    func count(matching filter: SampleFilter) throws -> Int

    /// The changes after position `after` whose record matches `filter` (tombstones match on type and source
    /// filters only), at most `limit` of them, oldest first. Records saved and later deleted appear only as
    /// their tombstone. For tombstones, any other part of the filter counts as unknown and lets the tombstone
    /// through (`and([types([t]), window(w)])` reports every deletion of type `t`), so sync never misses one.
    ///
    /// With `through`, only positions up to and including it are read: several readers can then split a long
    /// stretch of the log between them (each bound at or below ``latestChangePosition()`` as read before, so
    /// every stretch is complete whatever commits meanwhile).
    func changes(after: Int64, through: Int64?, matching filter: SampleFilter, limit: Int?) throws -> ChangeBatch

    /// The newest change position (0 for an empty store).
    func latestChangePosition() throws -> Int64

    /// The distinct sources of the records matching `filter`, by bundle identifier (latest name wins).
    func sources(matching filter: SampleFilter) throws -> [SourceRecord]

    /// A value from the store's settings table (characteristics, preferences, source priorities).
    func setting(_ key: String) throws -> String?

    /// Sets or (with nil) removes a value in the store's settings table.
    func setSetting(_ key: String, to value: String?) throws

    /// Every authorization grant for `app`, or for every app when nil.
    func grants(for app: String?) throws -> [AuthorizationGrant]

    /// Records or replaces grants (one per app, type and access).
    func setGrants(_ grants: [AuthorizationGrant]) throws

    /// Removes `app`'s grants for these types (all its grants when `types` is nil).
    func removeGrants(for app: String, types: Set<String>?) throws

    /// The store's change feed: the engine announces each of its commits here once it has committed (see
    /// ``ChangeFeed``). Every instance of an engine has its own feed; instances opened on the same file in one
    /// process should be one instance (the SQLite engine's `shared(path:)`).
    var changeFeed: ChangeFeed { get }

    /// The per-store state of the layers above (see ``StorageAttachments``), living as long as this instance.
    var attachments: StorageAttachments { get }
}

extension HealthStorage {
    /// Stores `records` in one transaction: see ``save(_:associating:)``.
    public func save(_ records: [SampleRecord]) throws -> SaveOutcome {
        try save(records, associating: nil)
    }

    /// The changes after position `after`, with no upper bound: see ``changes(after:through:matching:limit:)``.
    public func changes(after: Int64, matching filter: SampleFilter, limit: Int?) throws -> ChangeBatch {
        try changes(after: after, through: nil, matching: filter, limit: limit)
    }

    /// The records matching `filter`, sorted, at most `limit` of them (all when nil), payloads included.
    public func records(matching filter: SampleFilter, sort: [SampleSort], limit: Int?) throws -> [SampleRecord] {
        try records(matching: filter, sort: sort, limit: limit, includePayload: true)
    }

    /// See ``HealthStorage/forEachRecord(matching:sort:limit:parts:_:)``: the list, then each record of it.
    public func forEachRecord(matching filter: SampleFilter, sort: [SampleSort], limit: Int?, parts: RecordParts,
                              _ body: (SampleRecord) throws -> Void) throws {
        for record in try records(matching: filter, sort: sort, limit: limit, includePayload: parts.contains(.payload)) { try body(record) }
    }

    /// See ``HealthStorage/recordsBeforeWriting(matching:)``: read as any read.
    public func recordsBeforeWriting(matching filter: SampleFilter) throws -> [SampleRecord] {
        try records(matching: filter, sort: [], limit: nil, includePayload: true)
    }
}

/// An app's decision for one type and one kind of access, as the permission sheet recorded it.
public struct AuthorizationGrant: Sendable, Hashable, Codable {
    /// Reading or sharing (writing).
    public enum Access: String, Sendable, Hashable, Codable {
        /// Reading data of the type.
        case read
        /// Writing (sharing) data of the type.
        case share
    }

    /// The app's identifier (its bundle identifier).
    public var app: String
    /// The type identifier.
    public var type: String
    /// Which access.
    public var access: Access
    /// Whether the person allowed it.
    public var allowed: Bool
    /// When the decision was made.
    public var decidedAt: Date

    /// Creates a grant.
    public init(app: String, type: String, access: Access, allowed: Bool, decidedAt: Date) {
        self.app = app
        self.type = type
        self.access = access
        self.allowed = allowed
        self.decidedAt = decidedAt
    }
}
