import Foundation
import HealthDatabase

/// The objects of per-object types (vision prescriptions) an app may read, kept per app and type in the
/// store's settings as a JSON list of UUIDs under `perObjectRead.<app>.<type>`.
extension HKHealthStore {
    private func perObjectKey(_ type: HKObjectType) -> String { "perObjectRead.\(app.bundleIdentifier).\(type.identifier)" }

    /// The UUIDs of `type` the app may read.
    func perObjectReadGrants(for type: HKObjectType, in storage: any HealthStorage) throws -> Set<UUID> {
        guard let text = try storage.setting(perObjectKey(type)) else { return [] }
        return Set((try? JSONDecoder().decode([UUID].self, from: Data(text.utf8))) ?? [])
    }

    /// Replaces the UUIDs of `type` the app may read.
    func setPerObjectReadGrants(_ uuids: Set<UUID>, for type: HKObjectType, in storage: any HealthStorage) throws {
        let list = uuids.sorted { $0.uuidString < $1.uuidString }
        try storage.setSetting(perObjectKey(type), to: list.isEmpty ? nil : String(decoding: try JSONEncoder().encode(list), as: UTF8.self))
    }

    /// The restriction that lets the app see the granted objects of the per-object types among `types`
    /// (nil when there are none).
    func perObjectReadFilter(for types: [HKObjectType], in storage: any HealthStorage) throws -> SampleFilter? {
        var filters: [SampleFilter] = []
        for type in types where type.requiresPerObjectAuthorization() {
            let uuids = try perObjectReadGrants(for: type, in: storage)
            if !uuids.isEmpty { filters.append(.and([.types([type.identifier]), .uuids(uuids)])) }
        }
        return filters.isEmpty ? nil : .or(filters)
    }
}
