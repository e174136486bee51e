public import Foundation

/// What kind of object a record holds. The storage layer treats every kind alike; the kind tells the
/// mapping layer above which class to rebuild.
public enum RecordKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A quantity sample.
    case quantity
    /// A category sample.
    case category
    /// A correlation; its members are records whose `parent` is the correlation.
    case correlation
    /// A workout.
    case workout
    /// A document sample (CDA).
    case document
    /// A clinical record (FHIR resource).
    case clinical
    /// A verifiable clinical record (SMART Health Card).
    case verifiableRecord
    /// Anything else the mapping layer stores (series, summaries); its payload says what.
    case other
    /// A part of its parent record rather than an object of its own (a workout's activities, kept as records to be
    /// searched). Deleted with its parent, like any child; unlike other children, also deleted when a higher sync
    /// version replaces the parent, which brings its own parts (see ``HealthStorage/save(_:associating:)``).
    case part
}

/// One stored object, as the storage layer sees it: columns, typed fields and an opaque payload.
///
/// The mapping layer (OpenHealthKit) turns HealthKit objects into records and back; the storage layer
/// never sees HealthKit classes. Codable, so a record can be put aside outside a store (the export importer spills
/// records it must hold until the end of a file to a temporary file).
///
/// A value type with copy-on-write storage: the properties live in one heap box, so a record is a single reference.
/// Reads build a million records into one array and hand them on; as a 240-byte struct, a record was moved and
/// copied whole at every step (growing the array alone took a third of reading 1,000,000 changes), and every copy
/// retained each of its strings. Now a copy is one retain, and setting a property of a shared record copies the box
/// first.
public struct SampleRecord: Sendable, Hashable, Codable {
    /// The properties as stored; the compiler writes their equality, hashing and coding.
    @usableFromInline
    struct Properties: Hashable, Codable, Sendable {
        @usableFromInline var uuid: UUID
        @usableFromInline var kind: RecordKind
        @usableFromInline var type: String
        @usableFromInline var startDate: Date
        @usableFromInline var endDate: Date
        @usableFromInline var quantity: Double?
        @usableFromInline var unit: String?
        @usableFromInline var originalQuantity: Double?
        @usableFromInline var count: Int
        @usableFromInline var categoryValue: Int?
        @usableFromInline var source: SourceRecord
        @usableFromInline var device: DeviceRecord?
        @usableFromInline var fields: [String: FieldValue]
        @usableFromInline var syncIdentifier: String?
        @usableFromInline var syncVersion: Int64?
        @usableFromInline var parent: UUID?
        @usableFromInline var payload: Data?
    }

    @usableFromInline var storage: CopyOnWrite<Properties>

    /// The object's UUID: unique in a store.
    @inlinable public var uuid: UUID {
        get { storage.value.uuid }
        _modify { yield &storage.value.uuid }
    }

    /// Which kind of object this is.
    @inlinable public var kind: RecordKind {
        get { storage.value.kind }
        _modify { yield &storage.value.kind }
    }

    /// The raw type identifier (e.g. `HKQuantityTypeIdentifierStepCount`).
    @inlinable public var type: String {
        get { storage.value.type }
        _modify { yield &storage.value.type }
    }

    /// Start of the sample's interval.
    @inlinable public var startDate: Date {
        get { storage.value.startDate }
        _modify { yield &storage.value.startDate }
    }

    /// End of the sample's interval.
    @inlinable public var endDate: Date {
        get { storage.value.endDate }
        _modify { yield &storage.value.endDate }
    }

    /// For quantity samples: the value in the type's canonical unit (what filters and aggregates compare).
    @inlinable public var quantity: Double? {
        get { storage.value.quantity }
        _modify { yield &storage.value.quantity }
    }

    /// For quantity samples: the unit the value was given in, to give it back as it came.
    @inlinable public var unit: String? {
        get { storage.value.unit }
        _modify { yield &storage.value.unit }
    }

    /// For quantity samples: the value in `unit`.
    @inlinable public var originalQuantity: Double? {
        get { storage.value.originalQuantity }
        _modify { yield &storage.value.originalQuantity }
    }

    /// For quantity samples: how many values the sample aggregates (1 for a single value).
    @inlinable public var count: Int {
        get { storage.value.count }
        _modify { yield &storage.value.count }
    }

    /// For category samples: the category value.
    @inlinable public var categoryValue: Int? {
        get { storage.value.categoryValue }
        _modify { yield &storage.value.categoryValue }
    }

    /// Who wrote the record.
    @inlinable public var source: SourceRecord {
        get { storage.value.source }
        _modify { yield &storage.value.source }
    }

    /// The device that measured it.
    @inlinable public var device: DeviceRecord? {
        get { storage.value.device }
        _modify { yield &storage.value.device }
    }

    /// Metadata and searchable attributes, by key: see ``FieldValue``.
    @inlinable public var fields: [String: FieldValue] {
        get { storage.value.fields }
        _modify { yield &storage.value.fields }
    }

    /// The sync identifier (HKMetadataKeySyncIdentifier), kept as a column for replacement and tombstones.
    @inlinable public var syncIdentifier: String? {
        get { storage.value.syncIdentifier }
        _modify { yield &storage.value.syncIdentifier }
    }

    /// The sync version (HKMetadataKeySyncVersion).
    @inlinable public var syncVersion: Int64? {
        get { storage.value.syncVersion }
        _modify { yield &storage.value.syncVersion }
    }

    /// The correlation or workout this record belongs to, if any.
    @inlinable public var parent: UUID? {
        get { storage.value.parent }
        _modify { yield &storage.value.parent }
    }

    /// Kind-specific bytes the storage layer keeps as they are (workout details, FHIR JSON, CDA XML, ...).
    @inlinable public var payload: Data? {
        get { storage.value.payload }
        _modify { yield &storage.value.payload }
    }

    /// Creates a record; optional parts default to absent.
    public init(
        uuid: UUID, kind: RecordKind, type: String, startDate: Date, endDate: Date,
        quantity: Double? = nil, unit: String? = nil, originalQuantity: Double? = nil, count: Int = 1,
        categoryValue: Int? = nil, source: SourceRecord, device: DeviceRecord? = nil,
        fields: [String: FieldValue] = [:], syncIdentifier: String? = nil, syncVersion: Int64? = nil,
        parent: UUID? = nil, payload: Data? = nil
    ) {
        storage = CopyOnWrite(Properties(
            uuid: uuid, kind: kind, type: type, startDate: startDate, endDate: endDate, quantity: quantity, unit: unit,
            originalQuantity: originalQuantity, count: count, categoryValue: categoryValue, source: source, device: device,
            fields: fields, syncIdentifier: syncIdentifier, syncVersion: syncVersion, parent: parent, payload: payload))
    }

    /// Whether `other` shares this record's storage, which implies equality; cheaper than `==`.
    @inlinable package func isIdentical(to other: SampleRecord) -> Bool { storage.isIdentical(to: other.storage) }

    /// Decodes every property by name (absent optional ones are nil).
    public init(from decoder: any Decoder) throws { storage = try CopyOnWrite(from: decoder) }

    /// Encodes every property by name, leaving out absent optional ones.
    public func encode(to encoder: any Encoder) throws { try storage.encode(to: encoder) }
}

/// What remains of a deleted record, forever: enough for anchored sync after any gap.
///
/// Kept in shared storage (``CopyOnWrite``), so a ``Change`` is one reference whichever case it holds.
public struct Tombstone: Sendable, Hashable {
    private struct Properties: Hashable, Codable, Sendable {
        var uuid: UUID
        var type: String
        var sourceBundleIdentifier: String
        var syncIdentifier: String?
        var syncVersion: Int64?
    }

    private var storage: CopyOnWrite<Properties>

    /// The deleted record's UUID.
    public var uuid: UUID {
        get { storage.value.uuid }
        _modify { yield &storage.value.uuid }
    }

    /// The deleted record's type identifier.
    public var type: String {
        get { storage.value.type }
        _modify { yield &storage.value.type }
    }

    /// The deleted record's source bundle identifier.
    public var sourceBundleIdentifier: String {
        get { storage.value.sourceBundleIdentifier }
        _modify { yield &storage.value.sourceBundleIdentifier }
    }

    /// The deleted record's sync identifier, if it had one.
    public var syncIdentifier: String? {
        get { storage.value.syncIdentifier }
        _modify { yield &storage.value.syncIdentifier }
    }

    /// The deleted record's sync version, if it had one.
    public var syncVersion: Int64? {
        get { storage.value.syncVersion }
        _modify { yield &storage.value.syncVersion }
    }

    /// Creates a tombstone.
    public init(uuid: UUID, type: String, sourceBundleIdentifier: String, syncIdentifier: String? = nil, syncVersion: Int64? = nil) {
        storage = CopyOnWrite(Properties(uuid: uuid, type: type, sourceBundleIdentifier: sourceBundleIdentifier,
                                         syncIdentifier: syncIdentifier, syncVersion: syncVersion))
    }
}
