import Foundation
import HealthDatabase
import HealthKitModel
import Hummingbird
import OpenHealthKit

/// A request's query parameters read as HealthKit's query arguments, each bad value refused with a
/// ``ServerError/badRequest(_:)`` naming the parameter.
///
/// - `type` (repeatable where several types make sense): an identifier or short name.
/// - `start`, `end`: ISO 8601 dates; samples overlapping `[start, end)` as `predicateForSamples(withStart:end:options:)`,
///   with `strictStartDate=true` / `strictEndDate=true` for its options.
/// - `source` (repeatable): bundle identifiers, as `predicateForObjects(from:)`.
/// - `uuid` (repeatable): as `predicateForObjects(with:)`.
/// - `workout`: a workout's UUID: the samples associated with it, as `predicateForObjects(from:)`.
/// - `userEntered=false`: leaves out samples people typed in (`HKMetadataKeyWasUserEntered`).
struct QueryParameters {
    let parameters: Parameters

    init(_ request: Request) {
        parameters = request.uri.queryParameters
    }

    /// Every value of `name`.
    func all(_ name: String) -> [String] {
        parameters.getAll(name).map { String($0) }
    }

    /// The single value of `name`.
    func one(_ name: String) -> String? {
        parameters.get(name)
    }

    /// The sample types named by `type`; at least one is required.
    func sampleTypes() throws -> [HKSampleType] {
        let names = all("type")
        guard !names.isEmpty else { throw ServerError.badRequest("type is required (an identifier such as HKQuantityTypeIdentifierStepCount, or stepCount)") }
        return try names.map { name in
            guard let type = HKObjectType.type(named: name) as? HKSampleType else {
                throw ServerError.badRequest("type: \"\(name)\" is not a sample type HealthKit knows")
            }
            return type
        }
    }

    /// The one sample type named by `type`.
    func sampleType() throws -> HKSampleType {
        let types = try sampleTypes()
        guard types.count == 1 else { throw ServerError.badRequest("type: give one type, not \(types.count)") }
        return types[0]
    }

    /// The date parameter `name`, if present.
    func date(_ name: String) throws -> Date? {
        guard let text = one(name) else { return nil }
        guard let date = WireCoding.date(text) else { throw ServerError.badRequest("\(name): \"\(text)\" is not an ISO 8601 date such as 2026-11-26T10:00:00Z") }
        return date
    }

    /// The boolean parameter `name` (`true` or `false`), `fallback` when absent.
    func flag(_ name: String, fallback: Bool = false) throws -> Bool {
        let values = all(name)
        guard let text = values.first else { return fallback }
        guard values.count == 1 else { throw ServerError.badRequest("\(name) is given \(values.count) times") }
        switch text {
        case "true": return true
        case "false": return false
        default: throw ServerError.badRequest("\(name): \"\(text)\" is not true or false")
        }
    }

    /// The integer parameter `name` within `range`, `fallback` when absent.
    func integer(_ name: String, in range: ClosedRange<Int>, fallback: Int) throws -> Int {
        guard let text = one(name) else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw ServerError.badRequest("\(name): \"\(text)\" must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// The predicate the filter parameters describe, or nil when there are none.
    func predicate() throws -> NSPredicate? {
        var parts: [NSPredicate] = []
        let start = try date("start"), end = try date("end")
        if let start, let end, end < start { throw ServerError.badRequest("end is before start") }
        var options: HKQueryOptions = []
        if try flag("strictStartDate") { options.insert(.strictStartDate) }
        if try flag("strictEndDate") { options.insert(.strictEndDate) }
        if start != nil || end != nil {
            parts.append(HKQuery.predicateForSamples(withStart: start, end: end, options: options))
        }
        let sources = all("source")
        if !sources.isEmpty {
            parts.append(HKQuery.predicateForObjects(from: Set(sources.map { HKSource(name: $0, bundleIdentifier: $0) })))
        }
        let uuids = try all("uuid").map { text in
            guard let uuid = UUID(uuidString: text) else { throw ServerError.badRequest("uuid: \"\(text)\" is not a UUID") }
            return uuid
        }
        if !uuids.isEmpty { parts.append(HKQuery.predicateForObjects(with: Set(uuids))) }
        if let text = one("workout") {
            // predicateForObjects(from: workout): the samples associated with it (its routes, its heart rates…).
            guard let workout = UUID(uuidString: text) else { throw ServerError.badRequest("workout: \"\(text)\" is not a UUID") }
            parts.append(SampleFilterPredicate(.parent(workout)))
        }
        if !(try flag("userEntered", fallback: true)) {
            parts.append(HKQuery.predicateForObjects(withMetadataKey: HKMetadataKeyWasUserEntered, operatorType: .notEqualTo, value: true))
        }
        switch parts.count {
        case 0: return nil
        case 1: return parts[0]
        default: return NSCompoundPredicate(andPredicateWithSubpredicates: parts)
        }
    }
}
