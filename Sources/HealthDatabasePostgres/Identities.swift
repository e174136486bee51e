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
    private let types = IdentityMap<String>()
    private let sources = IdentityMap<SourceRecord>()
    private let devices = IdentityMap<DeviceRecord>(capacity: 65_536)

    init(ownerID: Int64) { self.ownerID = ownerID }

    /// Makes sure every type, source and device of `records` has its row, and caches their ids.
    func register(_ records: [SampleRecord], _ session: Session) throws {
        let newTypes = Set(records.map(\.type)).filter { types.id($0) == nil }
        if !newTypes.isEmpty {
            try session.execute(SQL("""
                INSERT INTO object_type (id, name) SELECT nextval('object_type_ids'), n FROM unnest(?::text[]) AS n
                WHERE NOT EXISTS (SELECT 1 FROM object_type WHERE name = n) ON CONFLICT (name) DO NOTHING
                """, [.texts(newTypes.sorted())]))
            types.insert(try Self.allTypes(session))
        }
        var newSources: [SourceRecord] = []
        var newDevices: [DeviceRecord] = []
        var seenSources: Set<SourceRecord> = [], seenDevices: Set<DeviceRecord> = []
        for record in records {
            if sources.id(record.source) == nil, seenSources.insert(record.source).inserted { newSources.append(record.source) }
            if let device = record.device, devices.id(device) == nil, seenDevices.insert(device).inserted { newDevices.append(device) }
        }
        if !newSources.isEmpty { try registerSources(newSources, session) }
        if !newDevices.isEmpty { try registerDevices(newDevices, session) }
    }

    private func registerSources(_ new: [SourceRecord], _ session: Session) throws {
        let ids = try registerRows("source", keys: new.map(\.storageKey), SQL("""
            INSERT INTO source (owner_id, id, key, bundle_id, name, version, product_type, os_version)
            SELECT \(ownerID), nextval('source_ids'), * FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[])
                AS n(key, bundle_id, name, version, product_type, os_version)
            WHERE NOT EXISTS (SELECT 1 FROM source o WHERE o.owner_id = \(ownerID) AND o.key = n.key)
            ON CONFLICT (owner_id, key) DO NOTHING
            """, [.texts(new.map(\.storageKey)), .texts(new.map(\.bundleIdentifier)), .texts(new.map(\.name)),
                  .texts(new.map(\.version)), .texts(new.map(\.productType)), .texts(new.map(\.operatingSystemVersion))]), session)
        sources.insert(zip(ids, new).map { (id: $0, value: $1) })
    }

    private func registerDevices(_ new: [DeviceRecord], _ session: Session) throws {
        let json = try new.map { String(decoding: try JSONEncoder().encode($0.properties), as: UTF8.self) }
        let ids = try registerRows("device", keys: new.map(\.storageKey), SQL("""
            INSERT INTO device (owner_id, id, key, properties)
            SELECT \(ownerID), nextval('device_ids'), k, p::jsonb FROM unnest(?::text[], ?::text[]) AS d(k, p)
            WHERE NOT EXISTS (SELECT 1 FROM device o WHERE o.owner_id = \(ownerID) AND o.key = d.k)
            ON CONFLICT (owner_id, key) DO NOTHING
            """, [.texts(new.map(\.storageKey)), .texts(json)]), session)
        devices.insert(zip(ids, new).map { (id: $0, value: $1) })
    }

    /// Runs `insert` (rows keyed by `keys`, existing ones left alone), then reads the ids of `keys` back, in order.
    private func registerRows(_ table: String, keys: [String], _ insert: SQL, _ session: Session) throws -> [Int64] {
        try session.execute(insert)
        let rows = try session.rows(SQL("SELECT key, id FROM \(table) WHERE owner_id = \(ownerID) AND key = ANY(?::text[])", [.texts(keys)]))
        let ids = try Dictionary(rows.map { try $0.decode((String, Int64).self) }, uniquingKeysWith: { $1 })
        return try keys.map { key in
            guard let id = ids[key] else { throw StorageError.unavailable("a \(table) row could not be stored for owner \(ownerID)") }
            return id
        }
    }

    /// The ids of a registered record's type, source and device (see ``register(_:_:)``).
    func ids(of record: SampleRecord) throws -> (type: Int64, source: Int64, device: Int64?) {
        guard let type = types.id(record.type), let source = sources.id(record.source) else {
            throw StorageError.unavailable("record \(record.uuid): its type or source was not registered")
        }
        return (type, source, record.device.flatMap(devices.id))
    }

    /// The ids of those of `types` that have a row; a name without one is stored nowhere.
    func typeIDs(_ types: Set<String>, _ session: Session) throws -> [String: Int64] {
        try self.types.ids(types) { try Self.allTypes(session) }
    }

    /// The name of type `id`.
    func typeName(_ id: Int64, _ session: Session) throws -> String {
        try types.name(id) { try Self.allTypes(session) }
    }

    private static func allTypes(_ session: Session) throws -> [(id: Int64, value: String)] {
        try session.rows(SQL("SELECT id::int8, name FROM object_type")).map { row in
            let (id, name) = try row.decode((Int64, String).self)
            return (id: id, value: name)
        }
    }

    /// Loads the sources and devices among `wantedSources` and `wantedDevices` not cached yet, in one query each.
    func load(sources wantedSources: Set<Int64>, devices wantedDevices: Set<Int64>, _ session: Session) throws {
        let missingSources = wantedSources.filter { sources.value($0) == nil }
        let missingDevices = wantedDevices.filter { devices.value($0) == nil }
        if !missingSources.isEmpty {
            let rows = try session.rows(SQL("""
                SELECT id, bundle_id, name, version, product_type, os_version FROM source WHERE owner_id = \(ownerID) AND id = ANY(?)
                """, [.ints(missingSources.map { $0 })]))
            let loaded = try rows.map { row in
                let (id, bundle, name, version, product, os) = try row.decode((Int64, String, String, String?, String?, String?).self)
                return (id: id, value: SourceRecord(bundleIdentifier: bundle, name: name, version: version, productType: product,
                                                    operatingSystemVersion: os))
            }
            sources.insert(loaded)
        }
        if !missingDevices.isEmpty {
            let rows = try session.rows(SQL("SELECT id, properties::text FROM device WHERE owner_id = \(ownerID) AND id = ANY(?)",
                                            [.ints(missingDevices.map { $0 })]))
            let loaded = try rows.map { row in
                let (id, json) = try row.decode((Int64, String).self)
                return (id: id, value: DeviceRecord(properties: try JSONDecoder().decode([String: String].self, from: Data(json.utf8))))
            }
            devices.insert(loaded)
        }
    }

    /// The cached source `id` (load it first with ``load(sources:devices:_:)``).
    func source(_ id: Int64) throws -> SourceRecord {
        guard let source = sources.value(id) else { throw StorageError.unavailable("the database names source \(id), which is missing") }
        return source
    }

    /// The cached device `id` (load it first with ``load(sources:devices:_:)``).
    func device(_ id: Int64) throws -> DeviceRecord {
        guard let device = devices.value(id) else { throw StorageError.unavailable("the database names device \(id), which is missing") }
        return device
    }
}
