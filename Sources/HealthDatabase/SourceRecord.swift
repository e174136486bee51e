import Foundation

/// The app (or device) that wrote a record, and which revision of it.
///
/// Kept in shared storage (``CopyOnWrite``): a read hands the same source to every record it builds, so a copy of a
/// record retains one reference for its source instead of up to five strings, and lookups compare by identity
/// first (``isIdentical(to:)``).
public struct SourceRecord: Sendable, Hashable, Codable {
    @usableFromInline
    struct Properties: Hashable, Codable, Sendable {
        var bundleIdentifier: String
        var name: String
        var version: String?
        var productType: String?
        var operatingSystemVersion: String?
    }

    @usableFromInline var storage: CopyOnWrite<Properties>

    /// The source's bundle identifier: the identity of the source.
    public var bundleIdentifier: String {
        get { storage.value.bundleIdentifier }
        _modify { yield &storage.value.bundleIdentifier }
    }

    /// The source's display name.
    public var name: String {
        get { storage.value.name }
        _modify { yield &storage.value.name }
    }

    /// The source's version (CFBundleVersion), if known.
    public var version: String? {
        get { storage.value.version }
        _modify { yield &storage.value.version }
    }

    /// The hardware the source ran on (e.g. `iPhone15,2`), if known.
    public var productType: String? {
        get { storage.value.productType }
        _modify { yield &storage.value.productType }
    }

    /// The operating system version, as `major.minor.patch`, if known.
    public var operatingSystemVersion: String? {
        get { storage.value.operatingSystemVersion }
        _modify { yield &storage.value.operatingSystemVersion }
    }

    /// Creates a source record.
    public init(bundleIdentifier: String, name: String, version: String? = nil,
                productType: String? = nil, operatingSystemVersion: String? = nil) {
        storage = CopyOnWrite(Properties(bundleIdentifier: bundleIdentifier, name: name, version: version,
                                         productType: productType, operatingSystemVersion: operatingSystemVersion))
    }

    /// Whether `other` shares this source's storage, which implies equality; cheaper than `==`.
    @inlinable package func isIdentical(to other: SourceRecord) -> Bool { storage.isIdentical(to: other.storage) }

    /// Decodes the properties by name (absent optional ones are nil).
    public init(from decoder: any Decoder) throws { storage = try CopyOnWrite(from: decoder) }

    /// Encodes the properties by name, leaving out absent optional ones.
    public func encode(to encoder: any Encoder) throws { try storage.encode(to: encoder) }
}

/// The device that produced a record; every property optional, as HealthKit's HKDevice.
///
/// Kept in shared storage (``CopyOnWrite``) like ``SourceRecord``, so the records of one read share it and compare
/// by identity first: comparing two devices' property dictionaries took a tenth of an anchored read.
public struct DeviceRecord: Sendable, Hashable, Codable {
    @usableFromInline
    struct Properties: Hashable, Codable, Sendable {
        var properties: [String: String]
    }

    @usableFromInline var storage: CopyOnWrite<Properties>

    /// Device properties by HealthKit's property key (`HKDevicePropertyName`, ...); absent keys are nil.
    public var properties: [String: String] {
        get { storage.value.properties }
        _modify { yield &storage.value.properties }
    }

    /// Creates a device record from its properties.
    public init(properties: [String: String]) { storage = CopyOnWrite(Properties(properties: properties)) }

    /// Whether `other` shares this device's storage, which implies equality; cheaper than `==`.
    @inlinable package func isIdentical(to other: DeviceRecord) -> Bool { storage.isIdentical(to: other.storage) }

    /// Decodes the properties (under the key `properties`, as before).
    public init(from decoder: any Decoder) throws { storage = try CopyOnWrite(from: decoder) }

    /// Encodes the properties (under the key `properties`).
    public func encode(to encoder: any Encoder) throws { try storage.encode(to: encoder) }
}
