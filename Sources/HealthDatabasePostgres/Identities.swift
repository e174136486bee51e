import Foundation
import HealthDatabase
import PostgresNIO

/// The rows of `object_type` (shared by every owner) and of one owner's `source` and `device`, cached both ways.
///
/// Those rows are never changed or deleted, so an id once seen stays valid. The rows a save needs are registered by
/// ``register(_:_:)`` in statements of their own, committed before the write transaction begins: the cache only ever
/// holds committed rows, no other owner's writer waits on an uncommitted type row, and a save that then fails leaves
/// at most an unused source or device row behind (reads report sources of stored records only).
final class Identities: @unchecked Sendable {
    let ownerID: Int64
    private let lock = NSLock()
    private var idsByType: [String: Int64] = [:]
    private var typesByID: [Int64: String] = [:]
    private var sourceIDs: [SourceRecord: Int64] = [:]
    private var sources: [Int64: SourceRecord] = [:]
    private var deviceIDs: [DeviceRecord: Int64] = [:]
    private var devices: [Int64: DeviceRecord] = [:]

    init(ownerID: Int64) { self.ownerID = ownerID }

    /// Makes sure every type, source and device of `records` has its row, and caches their ids.
    func register(_ records: [SampleRecord], _ session: Session) throws {
        let types = Set(records.map(\.type)).filter { name in lock.withLock { idsByType[name] == nil } }
        if !types.isEmpty {
            try session.execute(SQL("""
                INSERT INTO object_type (id, name) SELECT nextval('object_type_ids'), n FROM unnest(?::text[]) AS n
                ON CONFLICT (name) DO NOTHING
                """, [.texts(types.sorted())]))
            try loadTypes(session)
        }
        var newSources: [SourceRecord] = []
        var newDevices: [DeviceRecord] = []
        lock.withLock {
            var seenSources: Set<SourceRecord> = [], seenDevices: Set<DeviceRecord> = []
            for record in records {
                if sourceIDs[record.source] == nil, seenSources.insert(record.source).inserted { newSources.append(record.source) }
                if let device = record.device, deviceIDs[device] == nil, seenDevices.insert(device).inserted { newDevices.append(device) }
            }
        }
        if !newSources.isEmpty { try registerSources(newSources, session) }
        if !newDevices.isEmpty { try registerDevices(newDevices, session) }
    }

    private func registerSources(_ new: [SourceRecord], _ session: Session) throws {
        let keys = new.map(\.storageKey)
        try session.execute(SQL("""
            INSERT INTO source (owner_id, id, key, bundle_id, name, version, product_type, os_version)
            SELECT \(ownerID), nextval('source_ids'), * FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[])
            ON CONFLICT (owner_id, key) DO NOTHING
            """, [.texts(keys), .texts(new.map(\.bundleIdentifier)), .texts(new.map(\.name)), .texts(new.map(\.version)),
                  .texts(new.map(\.productType)), .texts(new.map(\.operatingSystemVersion))]))
        let rows = try session.rows(SQL("SELECT key, id FROM source WHERE owner_id = \(ownerID) AND key = ANY(?)", [.texts(keys)]))
        let ids = try Dictionary(rows.map { try $0.decode((String, Int64).self) }, uniquingKeysWith: { $1 })
        try lock.withLock {
            for source in new {
                guard let id = ids[source.storageKey] else { throw StorageError.unavailable("source \(source.bundleIdentifier) could not be stored") }
                sourceIDs[source] = id
                sources[id] = source
            }
        }
    }

    private func registerDevices(_ new: [DeviceRecord], _ session: Session) throws {
        let keys = new.map(\.storageKey)
        let json = try new.map { String(decoding: try JSONEncoder().encode($0.properties), as: UTF8.self) }
        try session.execute(SQL("""
            INSERT INTO device (owner_id, id, key, properties)
            SELECT \(ownerID), nextval('device_ids'), k, p::jsonb FROM unnest(?::text[], ?::text[]) AS d(k, p)
            ON CONFLICT (owner_id, key) DO NOTHING
            """, [.texts(keys), .texts(json)]))
        let rows = try session.rows(SQL("SELECT key, id FROM device WHERE owner_id = \(ownerID) AND key = ANY(?)", [.texts(keys)]))
        let ids = try Dictionary(rows.map { try $0.decode((String, Int64).self) }, uniquingKeysWith: { $1 })
        try lock.withLock {
            for device in new {
                guard let id = ids[device.storageKey] else { throw StorageError.unavailable("a device could not be stored") }
                deviceIDs[device] = id
                devices[id] = device
            }
        }
    }

    /// The ids of a registered record's type, source and device (see ``register(_:_:)``).
    func ids(of record: SampleRecord) throws -> (type: Int64, source: Int64, device: Int64?) {
        try lock.withLock {
            guard let type = idsByType[record.type], let source = sourceIDs[record.source] else {
                throw StorageError.unavailable("record \(record.uuid): its type or source was not registered")
            }
            return (type, source, record.device.flatMap { deviceIDs[$0] })
        }
    }

    /// The ids of those of `types` that have a row; a name without one is stored nowhere.
    func typeIDs(_ types: Set<String>, _ session: Session) throws -> [String: Int64] {
        guard !types.isEmpty else { return [:] }
        let known = { self.lock.withLock { types.reduce(into: [String: Int64]()) { $0[$1] = self.idsByType[$1] } } }
        let found = known()
        if found.count == types.count { return found }
        try loadTypes(session)
        return known()
    }

    /// The name of type `id`.
    func typeName(_ id: Int64, _ session: Session) throws -> String {
        if let name = lock.withLock({ typesByID[id] }) { return name }
        try loadTypes(session)
        guard let name = lock.withLock({ typesByID[id] }) else {
            throw StorageError.unavailable("the database names type \(id), which is missing from object_type")
        }
        return name
    }

    private func loadTypes(_ session: Session) throws {
        let rows = try session.rows(SQL("SELECT id::int8, name FROM object_type"))
        let pairs = try rows.map { try $0.decode((Int64, String).self) }
        lock.withLock {
            for (id, name) in pairs { idsByType[name] = id; typesByID[id] = name }
        }
    }

    /// Loads the sources and devices among `sourceIDs` and `deviceIDs` not cached yet, in one query each.
    func load(sources wantedSources: Set<Int64>, devices wantedDevices: Set<Int64>, _ session: Session) throws {
        let (missingSources, missingDevices) = lock.withLock {
            (wantedSources.filter { sources[$0] == nil }, wantedDevices.filter { devices[$0] == nil })
        }
        if !missingSources.isEmpty {
            let rows = try session.rows(SQL("""
                SELECT id, bundle_id, name, version, product_type, os_version FROM source WHERE owner_id = \(ownerID) AND id = ANY(?)
                """, [.ints(missingSources.map { $0 })]))
            let loaded = try rows.map { row in
                let (id, bundle, name, version, product, os) = try row.decode((Int64, String, String, String?, String?, String?).self)
                return (id, SourceRecord(bundleIdentifier: bundle, name: name, version: version, productType: product,
                                         operatingSystemVersion: os))
            }
            lock.withLock { for (id, source) in loaded { sources[id] = source; sourceIDs[source] = id } }
        }
        if !missingDevices.isEmpty {
            let rows = try session.rows(SQL("SELECT id, properties::text FROM device WHERE owner_id = \(ownerID) AND id = ANY(?)",
                                            [.ints(missingDevices.map { $0 })]))
            let loaded = try rows.map { row in
                let (id, json) = try row.decode((Int64, String).self)
                return (id, DeviceRecord(properties: try JSONDecoder().decode([String: String].self, from: Data(json.utf8))))
            }
            lock.withLock { for (id, device) in loaded { devices[id] = device; deviceIDs[device] = id } }
        }
    }

    /// The cached source `id` (load it first with ``load(sources:devices:_:)``).
    func source(_ id: Int64) throws -> SourceRecord {
        guard let source = lock.withLock({ sources[id] }) else { throw StorageError.unavailable("the database names source \(id), which is missing") }
        return source
    }

    /// The cached device `id` (load it first with ``load(sources:devices:_:)``).
    func device(_ id: Int64) throws -> DeviceRecord {
        guard let device = lock.withLock({ devices[id] }) else { throw StorageError.unavailable("the database names device \(id), which is missing") }
        return device
    }
}
