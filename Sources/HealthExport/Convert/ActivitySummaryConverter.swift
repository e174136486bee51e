import Foundation
import HealthDatabase
import HealthKitModel
import OpenHealthKit

/// `ActivitySummary` elements to activity summaries, stored as `HKHealthStore.saveActivitySummaries` stores
/// them (one per day), with a content-hash UUID so a re-import stores nothing new.
enum ActivitySummaryConverter {
    /// The record for one summary, or the problem that keeps it out.
    static func record(_ node: ExportNode) -> Result<SampleRecord, ImportProblem> {
        let attributes = node.attributes
        let parts = (attributes["dateComponents"] ?? "").split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else {
            return .failure(ImportProblem(.badDate, line: node.line, "ActivitySummary dateComponents \"\(attributes["dateComponents"] ?? "")\" is not yyyy-MM-dd"))
        }
        let summary = HKActivitySummary()
        summary.day = DateComponents(calendar: Calendar(identifier: .gregorian), era: 1, year: parts[0], month: parts[1], day: parts[2])
        let energyUnit = (try? HKUnit.checked(from: attributes["activeEnergyBurnedUnit"] ?? "kcal")) ?? .kilocalorie()
        func value(_ key: String, _ unit: HKUnit) -> HKQuantity? {
            attributes[key].flatMap(ExportValues.number).map { HKQuantity(unit: unit, doubleValue: $0) }
        }
        if let quantity = value("activeEnergyBurned", energyUnit) { summary.activeEnergyBurned = quantity }
        if let quantity = value("activeEnergyBurnedGoal", energyUnit) { summary.activeEnergyBurnedGoal = quantity }
        if let quantity = value("appleMoveTime", .minute()) { summary.appleMoveTime = quantity }
        if let quantity = value("appleMoveTimeGoal", .minute()) { summary.appleMoveTimeGoal = quantity }
        if let quantity = value("appleExerciseTime", .minute()) { summary.appleExerciseTime = quantity }
        summary.exerciseTimeGoal = value("appleExerciseTimeGoal", .minute())
        if let quantity = value("appleStandHours", .count()) { summary.appleStandHours = quantity }
        summary.standHoursGoal = value("appleStandHoursGoal", .count())
        var sources = ExportSources()
        let source = SourceMapping.record(from: sources.source(name: "Health", version: nil).revision)
        do {
            var record = try ActivitySummaryMapping.record(from: summary, source: source)
            var hasher = IdentityHasher(kind: "ActivitySummary")
            for key in attributes.keys.sorted() {
                hasher.add(key)
                hasher.add(attributes[key] ?? "")
            }
            record.uuid = hasher.uuid()
            record.syncVersion = 1
            return .success(record)
        } catch {
            return .failure(ImportProblem(.invalidObject, line: node.line, "ActivitySummary: \(error)"))
        }
    }
}
