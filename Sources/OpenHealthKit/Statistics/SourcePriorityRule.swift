package import Foundation
package import HealthDatabase
import HealthKitModel

/// The default source priority and the persisted custom order (package access; the public API is
/// `HKHealthStore.sourcePriority()` and friends).
///
/// Default order, highest first:
/// 1. **User-entered data**: the Health app's sources (`com.apple.Health`, ``HKSource/healthApp``). Samples of
///    any source carrying `HKMetadataKeyWasUserEntered = true` also outrank every source when merging (see
///    ``StatisticsSourcePriority/mergeRanks(of:)``).
/// 2. **The person's watches**, then 3. **their phones**: a source is a watch when its source revision's
///    `productType` starts with `Watch` (`Watch6,1`), or its newest sample's device has model `Watch` or a
///    hardware version starting with `Watch`; a phone likewise with `iPhone`.
/// 4. **Other apps.**
///
/// Within a tier sources are ordered by bundle identifier. A persisted custom order puts its sources first, in
/// its order; sources it does not list follow in the default order.
package enum SourcePriorityRule {
    /// The settings key of the custom order (a JSON array of bundle identifiers).
    package static let settingKey = "statistics.sourcePriority"

    /// The bundle identifiers of the Health app, whose data is entered by the person.
    package static let healthAppIdentifiers: Set<String> = ["com.apple.Health", HKSource.healthApp.bundleIdentifier]

    /// The default tiers, best first.
    package enum Tier: Int, Comparable, Sendable {
        case userEntered, watch, phone, otherApp

        package static func < (lhs: Tier, rhs: Tier) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The tier of a source, from its record and (when known) the device of its newest sample.
    package static func tier(of source: SourceRecord, device: DeviceRecord?) -> Tier {
        if healthAppIdentifiers.contains(source.bundleIdentifier) { return .userEntered }
        let model = device?.properties[HKDevicePropertyKeyModel] ?? ""
        let hardware = device?.properties[HKDevicePropertyKeyHardwareVersion] ?? ""
        let product = source.productType ?? ""
        func isKind(_ prefix: String) -> Bool {
            product.hasPrefix(prefix) || model == prefix || model.hasPrefix(prefix) || hardware.hasPrefix(prefix)
        }
        if isKind("Watch") { return .watch }
        if isKind("iPhone") { return .phone }
        return .otherApp
    }

    /// The persisted custom order, or nil when none is set.
    package static func customOrder(_ storage: any HealthStorage) throws -> [String]? {
        guard let text = try storage.setting(settingKey) else { return nil }
        return try? JSONDecoder().decode([String].self, from: Data(text.utf8))
    }

    /// Persists `order` (nil: back to the default). Throws `errorInvalidArgument` for an empty identifier or a
    /// source listed twice.
    package static func setCustomOrder(_ order: [String]?, _ storage: any HealthStorage) throws {
        guard let order else { return try storage.setSetting(settingKey, to: nil) }
        if let empty = order.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw HKError(.errorInvalidArgument, "source priority: entry \(empty + 1) is an empty bundle identifier")
        }
        var seen: Set<String> = []
        for id in order where !seen.insert(id).inserted {
            throw HKError(.errorInvalidArgument, "source priority: \(id) is listed twice")
        }
        let data = try JSONEncoder().encode(order)
        try storage.setSetting(settingKey, to: String(decoding: data, as: UTF8.self))
    }

    /// The effective order over the sources of the records matching `filter` (or over `bundles`, when the caller
    /// knows them): the custom order's sources first, then the others by tier and bundle identifier. Also returns
    /// those sources by bundle identifier.
    package static func order(_ storage: any HealthStorage, matching filter: SampleFilter, bundles: [String]? = nil) throws
        -> (order: [String], sources: [String: SourceRecord]) {
        let ids = try bundles ?? storage.sources(matching: filter).map(\.bundleIdentifier)
        var facts: [String: Facts] = [:]
        for id in ids { facts[id] = try self.facts(of: id, storage, matching: filter) }
        return (order(custom: try customOrder(storage) ?? [], facts: facts), facts.mapValues(\.source))
    }

    /// What the default order needs to know of one source: its record and the tier its newest sample gives it.
    package struct Facts: Sendable {
        /// The source's record (from its newest sample).
        package var source: SourceRecord
        /// Its default tier.
        package var tier: Tier
        /// The end of its newest sample (nil when it has none).
        package var newestEnd: Date?

        /// The facts a sample of the source gives, when it is the newest.
        package init(newest record: SampleRecord) {
            source = record.source
            tier = SourcePriorityRule.tier(of: record.source, device: record.device)
            newestEnd = record.endDate
        }

        /// A source without samples: its bare identifier, among the other apps.
        package init(missing id: String) {
            source = SourceRecord(bundleIdentifier: id, name: id)
            tier = SourcePriorityRule.tier(of: source, device: nil)
            newestEnd = nil
        }
    }

    /// The facts of source `id` from its newest sample matching `filter`.
    package static func facts(of id: String, _ storage: any HealthStorage, matching filter: SampleFilter) throws -> Facts {
        let newest = try storage.records(matching: .and([filter, .sources([id])]), sort: [SampleSort(.endDate, ascending: false)],
                                         limit: 1, includePayload: false).first
        return newest.map(Facts.init(newest:)) ?? Facts(missing: id)
    }

    /// The effective order over the sources of `facts`: `custom`'s sources first, in its order, then the others by
    /// tier and bundle identifier.
    package static func order(custom: [String], facts: [String: Facts]) -> [String] {
        let listed = Set(custom)
        let rest = facts.keys.filter { !listed.contains($0) }.sorted { lhs, rhs in
            let left = facts[lhs]!.tier, right = facts[rhs]!.tier
            return left != right ? left < right : lhs < rhs
        }
        return custom + rest
    }
}
