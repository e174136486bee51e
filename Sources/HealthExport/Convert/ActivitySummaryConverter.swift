import Foundation
import HealthDatabase
import HealthKitModel
import OpenHealthKit

/// `ActivitySummary` elements to activity summaries, stored as `HKHealthStore.saveActivitySummaries` stores
/// them (one per day), with a content-hash UUID so a re-import stores nothing new.
///
/// A day has one summary: its sync version is the export's `ExportDate` in milliseconds, so a newer export's
/// summary of a day (an export made mid-day holds that day's summary so far) replaces an older export's, and an
/// older export imported later changes nothing. Without an `ExportDate` the version is 1.
enum ActivitySummaryConverter {
    /// The record for one summary, or the problem that keeps it out; `exportDate` is the export's `ExportDate`.
    static func record(_ node: ExportNode, exportDate: Date?) -> Result<SampleRecord, ImportProblem> {
        let attributes = node.attributes
        let parts = (attributes["dateComponents"] ?? "").split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else {
            return .failure(ImportProblem(.badDate, line: node.line, "ActivitySummary dateComponents \"\(attributes["dateComponents"] ?? "")\" is not yyyy-MM-dd"))
        }
        let summary = HKActivitySummary()
        summary.day = DateComponents(calendar: Calendar(identifier: .gregorian), era: 1, year: parts[0], month: parts[1], day: parts[2])
        let energyUnit = (try? HKUnit.checked(from: attributes["activeEnergyBurnedUnit"] ?? "kcal")) ?? .kilocalorie()
        /// The attribute in `unit`, kept in `unit`'s canonical form (kcal, min, count) so export writes it back exactly.
        func value(_ key: String, _ unit: HKUnit) -> HKQuantity? {
            guard let number = attributes[key].flatMap(ExportValues.number) else { return nil }
            let canonical: HKUnit = unit.isCompatible(with: .kilocalorie()) ? .kilocalorie() : unit
            return HKQuantity(unit: canonical, doubleValue: HKQuantity(unit: unit, doubleValue: number).doubleValue(for: canonical))
        }
        if let quantity = value("activeEnergyBurned", energyUnit) { summary.activeEnergyBurned = quantity }
        if let quantity = value("activeEnergyBurnedGoal", energyUnit) { summary.activeEnergyBurnedGoal = quantity }
        // Export version 11 (iOS 13/14) spelled these appleMoveMinutes and appleMoveMinutesGoal.
        if let quantity = value("appleMoveTime", .minute()) ?? value("appleMoveMinutes", .minute()) { summary.appleMoveTime = quantity }
        if let quantity = value("appleMoveTimeGoal", .minute()) ?? value("appleMoveMinutesGoal", .minute()) { summary.appleMoveTimeGoal = quantity }
        if let quantity = value("appleExerciseTime", .minute()) { summary.appleExerciseTime = quantity }
        summary.exerciseTimeGoal = value("appleExerciseTimeGoal", .minute())
        if let quantity = value("appleStandHours", .count()) { summary.appleStandHours = quantity }
        summary.standHoursGoal = value("appleStandHoursGoal", .count())
        var sources = ExportSources()
        let source = sources.source(name: "Health", version: nil).record
        do {
            var record = try ActivitySummaryMapping.record(from: summary, source: source)
            var hasher = IdentityHasher(kind: "ActivitySummary")
            hasher.add(parts[0] * 10_000 + parts[1] * 100 + parts[2])
            for quantity in [summary.activeEnergyBurned, summary.activeEnergyBurnedGoal] { hasher.add(quantity.doubleValue(for: .kilocalorie())) }
            for quantity in [summary.appleMoveTime, summary.appleMoveTimeGoal, summary.appleExerciseTime] { hasher.add(quantity.doubleValue(for: .minute())) }
            hasher.add(summary.exerciseTimeGoal?.doubleValue(for: .minute()) ?? -1)
            hasher.add(summary.appleStandHours.doubleValue(for: .count()))
            hasher.add(summary.standHoursGoal?.doubleValue(for: .count()) ?? -1)
            record.uuid = hasher.uuid(at: record.startDate)
            record.syncVersion = exportDate.map { max(1, Int64($0.timeIntervalSince1970 * 1000)) } ?? 1
            return .success(record)
        } catch {
            return .failure(ImportProblem(.invalidObject, line: node.line, "ActivitySummary: \(error)"))
        }
    }
}
