import Foundation
package import HealthDatabase
import HealthLocking

/// Activity summaries as storage records: kind `.other`, type `HKActivitySummaryTypeIdentifier`, the day as
/// the number `yyyymmdd` under `FieldKey.activitySummaryDay` (what the summary predicates compare), the
/// interval from the day's UTC midnight to the next, the values as a JSON payload (keys sorted, so the same summary
/// gives the same bytes in every process). One summary per day and app: a later save of the same day replaces it
/// (sync identifier `activitySummary.yyyymmdd`, version = save time).
package enum ActivitySummaryMapping {
    private struct Payload: Codable {
        var values: [String: Quantity]
        var moveMode: Int
        var isPaused: Bool
        struct Quantity: Codable { var unit: String; var value: Double }
    }

    nonisolated(unsafe) private static let parts: [(String, ReferenceWritableKeyPath<HKActivitySummary, HKQuantity>)] = [
        ("activeEnergyBurned", \.activeEnergyBurned), ("appleMoveTime", \.appleMoveTime),
        ("appleExerciseTime", \.appleExerciseTime), ("appleStandHours", \.appleStandHours),
        ("activeEnergyBurnedGoal", \.activeEnergyBurnedGoal), ("appleMoveTimeGoal", \.appleMoveTimeGoal),
    ]
    nonisolated(unsafe) private static let optionalParts: [(String, ReferenceWritableKeyPath<HKActivitySummary, HKQuantity?>)] = [
        ("exerciseTimeGoal", \.exerciseTimeGoal), ("standHoursGoal", \.standHoursGoal),
    ]

    /// The record of `summary`, written by `source`; throws `errorInvalidArgument` when it has no day.
    package static func record(from summary: HKActivitySummary, source: SourceRecord) throws -> SampleRecord {
        guard let day = summary.day, let start = HKActivitySummary.noon(of: day, timeZone: TimeZone(identifier: "UTC")!) else {
            throw HKError(.errorInvalidArgument, "An activity summary needs a day (era, year, month, day) to be saved")
        }
        let number = HKQuery.activitySummaryDay(day)
        var values: [String: Payload.Quantity] = [:]
        for (name, path) in parts { values[name] = quantity(summary[keyPath: path]) }
        for (name, path) in optionalParts { values[name] = summary[keyPath: path].map(quantity) }
        let payload = Payload(values: values, moveMode: summary.activityMoveMode.rawValue, isPaused: summary.isPaused)
        let midnight = start.addingTimeInterval(-12 * 3600)
        return SampleRecord(
            uuid: UUID(), kind: .other, type: HKActivitySummaryTypeIdentifier, startDate: midnight,
            endDate: midnight.addingTimeInterval(86_400), source: source,
            fields: [FieldKey.activitySummaryDay: .number(number)],
            syncIdentifier: "activitySummary.\(Int(number))", syncVersion: nextVersion(),
            payload: try JSONEncoder.sortedKeys.encode(payload))
    }

    /// The sync version of a summary saved now: the time in milliseconds, but always above the last one this process
    /// gave, so a second save of a day in the same millisecond still replaces the first (an equal version is ignored).
    private static func nextVersion() -> Int64 {
        lastVersion.withLock { last in
            last = max(last + 1, Int64(Date().timeIntervalSince1970 * 1000))
            return last
        }
    }

    private static let lastVersion = Locked<Int64>(0)

    /// The summary a record holds; throws `errorInvalidArgument` for a record that holds none.
    package static func summary(from record: SampleRecord) throws -> HKActivitySummary {
        guard record.type == HKActivitySummaryTypeIdentifier, let data = record.payload,
              let payload = try? JSONDecoder().decode(Payload.self, from: data) else {
            throw HKError(.errorInvalidArgument, "Record \(record.uuid) holds no activity summary")
        }
        let summary = HKActivitySummary()
        if case .number(let number)? = record.fields[FieldKey.activitySummaryDay] {
            let value = Int(number), year = value / 10_000
            summary.day = DateComponents(era: year < 0 ? 0 : 1, year: abs(year), month: abs(value / 100 % 100), day: abs(value % 100))
        }
        for (name, path) in parts { if let value = payload.values[name] { summary[keyPath: path] = try quantity(value) } }
        for (name, path) in optionalParts { summary[keyPath: path] = try payload.values[name].map(quantity) }
        summary.activityMoveMode = HKActivityMoveMode(rawValue: payload.moveMode) ?? .activeEnergy
        summary.isPaused = payload.isPaused
        return summary
    }

    private static func quantity(_ quantity: HKQuantity) -> Payload.Quantity {
        Payload.Quantity(unit: quantity.originalUnit.unitString, value: quantity.originalValue)
    }

    private static func quantity(_ stored: Payload.Quantity) throws -> HKQuantity {
        HKQuantity(unit: try HKUnit.checked(from: stored.unit), doubleValue: stored.value)
    }
}
