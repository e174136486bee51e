import Foundation
import GRDB
import HealthDatabase

/// The rows of `object_type`, `source` and `device`, cached both ways.
///
/// Those rows are immutable and never deleted, so an id once seen stays valid for the life of the file,
/// in this process and in any other. Ids created inside a write transaction are only published to the
/// cache after that transaction commits (see ``IdentityCache/Pending``); reads only ever load committed rows.
final class IdentityCache: @unchecked Sendable {
    private let types = IdentityMap<String>()
    private let sources = IdentityMap<SourceRecord>()
    /// Real exports name tens to a few hundred devices; one naming a new device on every record held 65,536 of them
    /// here (the map holds one write transaction's new devices however many; a device it forgot is looked up by key).
    private let devices = IdentityMap<DeviceRecord>(capacity: IdentityCache.deviceCapacity)
    /// The most devices ``devices`` keeps beyond one transaction's.
    static let deviceCapacity = 4_096

    /// Ids created by one write transaction, published by ``publish(_:)`` once it committed.
    struct Pending {
        var types: [String: Int64] = [:]
        var sources: [SourceRecord: Int64] = [:]
        var devices: [DeviceRecord: Int64] = [:]
        /// The last few sources and devices this transaction looked up. A batch repeats a handful of them;
        /// comparing with `==` (which short-cuts on shared string and dictionary storage) skips hashing a
        /// device's property dictionary and taking the lock for every record.
        var recentSources: [(SourceRecord, Int64)] = []
        var recentDevices: [(DeviceRecord, Int64)] = []
        /// The last type this transaction looked up (a batch is mostly one type).
        var recentType: (name: String, id: Int64)?
    }

    /// The id of the `object_type` row named `type`, inserting the row if needed.
    func typeID(_ type: String, _ db: Database, _ pending: inout Pending) throws -> Int64 {
        if let recent = pending.recentType, recent.name == type { return recent.id }
        var id = pending.types[type] ?? types.id(type)
        if id == nil {
            try db.execute(sql: "INSERT INTO object_type (name) VALUES (?) ON CONFLICT(name) DO NOTHING", arguments: [type])
            id = try Int64.fetchOne(db, sql: "SELECT id FROM object_type WHERE name = ?", arguments: [type])
            pending.types[type] = id
        }
        pending.recentType = (type, id!)
        return id!
    }

    /// The ids of those of `types` that have a row; a name without one is stored nowhere. Loads the whole
    /// (small) table on a miss; call it only before the transaction writes, so it sees committed rows only.
    func typeIDs(_ types: Set<String>, _ db: Database) throws -> [String: Int64] {
        try self.types.ids(types) { try Self.allTypes(db) }
    }

    /// The name of the `object_type` row `id` (loading the whole table on a miss).
    func typeName(_ id: Int64, _ db: Database) throws -> String {
        try types.name(id) { try Self.allTypes(db) }
    }

    private static func allTypes(_ db: Database) throws -> [(id: Int64, value: String)] {
        try Row.fetchAll(db, sql: "SELECT id, name FROM object_type").map { (id: $0[0], value: $0[1]) }
    }

    /// The id of `source`'s row, inserting the row if needed.
    func sourceID(_ source: SourceRecord, _ db: Database, _ pending: inout Pending) throws -> Int64 {
        if let hit = pending.recentSources.first(where: { $0.0 == source }) { return hit.1 }
        let id = try lookUpSourceID(source, db, &pending)
        pending.recentSources.insert((source, id), at: 0)
        if pending.recentSources.count > 4 { pending.recentSources.removeLast() }
        return id
    }

    /// The id of `device`'s row, inserting it (and its properties) if needed.
    func deviceID(_ device: DeviceRecord, _ db: Database, _ pending: inout Pending) throws -> Int64 {
        if let hit = pending.recentDevices.first(where: { $0.0 == device }) { return hit.1 }
        let id = try lookUpDeviceID(device, db, &pending)
        pending.recentDevices.insert((device, id), at: 0)
        if pending.recentDevices.count > 4 { pending.recentDevices.removeLast() }
        return id
    }

    private func lookUpSourceID(_ source: SourceRecord, _ db: Database, _ pending: inout Pending) throws -> Int64 {
        if let id = pending.sources[source] ?? sources.id(source) { return id }
        let key = source.storageKey
        try db.execute(sql: """
            INSERT INTO source (key, bundle_id, name, version, product_type, os_version) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT(key) DO NOTHING
            """, arguments: [key, source.bundleIdentifier, source.name, source.version,
                             source.productType, source.operatingSystemVersion])
        let id = try Int64.fetchOne(db, sql: "SELECT id FROM source WHERE key = ?", arguments: [key])!
        pending.sources[source] = id
        return id
    }

    private func lookUpDeviceID(_ device: DeviceRecord, _ db: Database, _ pending: inout Pending) throws -> Int64 {
        if let id = pending.devices[device] ?? devices.id(device) { return id }
        let key = device.storageKey
        // Cached statements: an export can hold a new device on every record (SQLite's parser was a tenth of such an import).
        if let id = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM device WHERE key = ?"), arguments: [key]) {
            pending.devices[device] = id
            return id
        }
        try db.cachedStatement(sql: "INSERT INTO device (key) VALUES (?)").execute(arguments: [key])
        let id = db.lastInsertedRowID
        let insertProperty = try db.cachedStatement(sql: "INSERT INTO device_property (device_id, key, value) VALUES (?, ?, ?)")
        for (name, value) in device.properties {
            try insertProperty.execute(arguments: [id, name, value])
        }
        pending.devices[device] = id
        return id
    }

    /// How many devices are cached.
    var cachedDevices: Int { devices.count }

    /// Makes the ids of a committed transaction visible to every later call.
    func publish(_ pending: Pending) {
        guard !pending.types.isEmpty || !pending.sources.isEmpty || !pending.devices.isEmpty else { return }
        types.insert(pending.types.map { (id: $0.value, value: $0.key) })
        sources.insert(pending.sources.map { (id: $0.value, value: $0.key) })
        devices.insert(pending.devices.map { (id: $0.value, value: $0.key) })
    }

    /// The source stored under `id`.
    func source(_ id: Int64, _ db: Database) throws -> SourceRecord {
        if let source = sources.value(id) { return source }
        guard let row = try Row.fetchOne(db, sql: """
            SELECT bundle_id, name, version, product_type, os_version FROM source WHERE id = ?
            """, arguments: [id]) else { throw StorageError.unavailable("the database names source \(id), which is missing") }
        let source = SourceRecord(bundleIdentifier: row[0], name: row[1], version: row[2],
                                  productType: row[3], operatingSystemVersion: row[4])
        sources.insert([(id: id, value: source)])
        return source
    }

    /// The device stored under `id`.
    func device(_ id: Int64, _ db: Database) throws -> DeviceRecord {
        if let device = devices.value(id) { return device }
        var properties: [String: String] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT key, value FROM device_property WHERE device_id = ?", arguments: [id])
        while let row = try rows.next() { properties[row[0]] = row[1] }
        let device = DeviceRecord(properties: properties)
        devices.insert([(id: id, value: device)])
        return device
    }
}
