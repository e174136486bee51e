import Foundation

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
}

/// The app (or device) that wrote a record, and which revision of it.
public struct SourceRecord: Sendable, Hashable, Codable {
    /// The source's bundle identifier: the identity of the source.
    public var bundleIdentifier: String
    /// The source's display name.
    public var name: String
    /// The source's version (CFBundleVersion), if known.
    public var version: String?
    /// The hardware the source ran on (e.g. `iPhone15,2`), if known.
    public var productType: String?
    /// The operating system version, as `major.minor.patch`, if known.
    public var operatingSystemVersion: String?

    /// Creates a source record.
    public init(bundleIdentifier: String, name: String, version: String? = nil,
                productType: String? = nil, operatingSystemVersion: String? = nil) {
        self.bundleIdentifier = bundleIdentifier
        self.name = name
        self.version = version
        self.productType = productType
        self.operatingSystemVersion = operatingSystemVersion
    }
}

/// The device that produced a record; every property optional, as HealthKit's HKDevice.
public struct DeviceRecord: Sendable, Hashable, Codable {
    /// Device properties by HealthKit's property key (`HKDevicePropertyName`, ...); absent keys are nil.
    public var properties: [String: String]

    /// Creates a device record from its properties.
    public init(properties: [String: String]) { self.properties = properties }
}

/// One stored object, as the storage layer sees it: columns, typed fields and an opaque payload.
///
/// The mapping layer (OpenHealthKit) turns HealthKit objects into records and back; the storage layer
/// never sees HealthKit classes. Codable, so a record can be put aside outside a store (the export importer spills
/// records it must hold until the end of a file to a temporary file).
public struct SampleRecord: Sendable, Hashable, Codable {
    /// The object's UUID: unique in a store.
    public var uuid: UUID
    /// Which kind of object this is.
    public var kind: RecordKind
    /// The raw type identifier (e.g. `HKQuantityTypeIdentifierStepCount`).
    public var type: String
    /// Start of the sample's interval.
    public var startDate: Date
    /// End of the sample's interval.
    public var endDate: Date
    /// For quantity samples: the value in the type's canonical unit (what filters and aggregates compare).
    public var quantity: Double?
    /// For quantity samples: the unit the value was given in, to give it back as it came.
    public var unit: String?
    /// For quantity samples: the value in `unit`.
    public var originalQuantity: Double?
    /// For quantity samples: how many values the sample aggregates (1 for a single value).
    public var count: Int
    /// For category samples: the category value.
    public var categoryValue: Int?
    /// Who wrote the record.
    public var source: SourceRecord
    /// The device that measured it.
    public var device: DeviceRecord?
    /// Metadata and searchable attributes, by key: see ``FieldValue``.
    public var fields: [String: FieldValue]
    /// The sync identifier (HKMetadataKeySyncIdentifier), kept as a column for replacement and tombstones.
    public var syncIdentifier: String?
    /// The sync version (HKMetadataKeySyncVersion).
    public var syncVersion: Int64?
    /// The correlation or workout this record belongs to, if any.
    public var parent: UUID?
    /// Kind-specific bytes the storage layer keeps as they are (workout details, FHIR JSON, CDA XML, ...).
    public var payload: Data?

    /// Creates a record; optional parts default to absent.
    public init(
        uuid: UUID, kind: RecordKind, type: String, startDate: Date, endDate: Date,
        quantity: Double? = nil, unit: String? = nil, originalQuantity: Double? = nil, count: Int = 1,
        categoryValue: Int? = nil, source: SourceRecord, device: DeviceRecord? = nil,
        fields: [String: FieldValue] = [:], syncIdentifier: String? = nil, syncVersion: Int64? = nil,
        parent: UUID? = nil, payload: Data? = nil
    ) {
        self.uuid = uuid
        self.kind = kind
        self.type = type
        self.startDate = startDate
        self.endDate = endDate
        self.quantity = quantity
        self.unit = unit
        self.originalQuantity = originalQuantity
        self.count = count
        self.categoryValue = categoryValue
        self.source = source
        self.device = device
        self.fields = fields
        self.syncIdentifier = syncIdentifier
        self.syncVersion = syncVersion
        self.parent = parent
        self.payload = payload
    }
}

/// What remains of a deleted record, forever: enough for anchored sync after any gap.
public struct Tombstone: Sendable, Hashable {
    /// The deleted record's UUID.
    public var uuid: UUID
    /// The deleted record's type identifier.
    public var type: String
    /// The deleted record's source bundle identifier.
    public var sourceBundleIdentifier: String
    /// The deleted record's sync identifier, if it had one.
    public var syncIdentifier: String?
    /// The deleted record's sync version, if it had one.
    public var syncVersion: Int64?

    /// Creates a tombstone.
    public init(uuid: UUID, type: String, sourceBundleIdentifier: String, syncIdentifier: String? = nil, syncVersion: Int64? = nil) {
        self.uuid = uuid
        self.type = type
        self.sourceBundleIdentifier = sourceBundleIdentifier
        self.syncIdentifier = syncIdentifier
        self.syncVersion = syncVersion
    }
}
