import Foundation
import HealthDatabase
import OpenHealthKit

/// The `value` and `unit` cells of the CSV export for objects that are not a single quantity or category value:
/// a workout's duration, an activity summary's active energy, a route's and a heartbeat series' point count, an
/// ECG's average heart rate (its number of measurements when it has none), a correlation's members (`119/74` for a
/// blood pressure).
enum CSVValues {
    /// The value and unit of `record`; empty cells when it has no figure to show.
    static func cells(_ record: SampleRecord, storage: any HealthStorage) -> (value: String, unit: String) {
        if record.kind == .quantity || record.kind == .category { return (ElementText.value(of: record), record.unit ?? "") }
        if record.type == HKActivitySummaryTypeIdentifier {
            guard let summary = try? ActivitySummaryMapping.summary(from: record) else { return ("", "") }
            return (ExportText.number(summary.activeEnergyBurned.doubleValue(for: .kilocalorie())), "kcal")
        }
        if record.kind == .correlation { return correlation(record, storage: storage) }
        guard let object = try? ObjectMapping.object(from: record) else { return ("", "") }
        switch object {
        case let workout as HKWorkout: return (ExportText.number(workout.duration), "s")
        case let route as HKWorkoutRoute: return (String(route.count), "locations")
        case let series as HKHeartbeatSeriesSample: return (String(series.count), "beats")
        case let ecg as HKElectrocardiogram:
            let unit = HKUnit.count().unitDivided(by: .minute())
            guard let rate = ecg.averageHeartRate else { return (String(ecg.numberOfVoltageMeasurements), "measurements") }
            return (ExportText.number(rate.doubleValue(for: unit)), unit.unitString)
        default: return ("", "")
        }
    }

    /// The members' values joined by `/` in the order HealthKit names them (systolic before diastolic), with their
    /// unit when they share one.
    private static func correlation(_ record: SampleRecord, storage: any HealthStorage) -> (value: String, unit: String) {
        guard let members = try? storage.records(matching: .parent(record.uuid), sort: [], limit: nil, includePayload: false) else {
            return ("", "")
        }
        let quantities = members.filter { $0.kind == .quantity }.sorted { $0.type > $1.type }
        let units = Set(quantities.compactMap(\.unit))
        return (quantities.map { ElementText.value(of: $0) }.joined(separator: "/"), units.count == 1 ? units.first! : "")
    }
}
