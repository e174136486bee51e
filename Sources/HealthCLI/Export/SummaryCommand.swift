import ArgumentParser
import Foundation
import HealthDatabase
import OpenHealthKit

/// `health summary`: what the store holds: types with counts, the date range, and a daily steps chart.
struct SummaryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Summarize the store: types and counts, date range, and daily steps (sources merged).",
        discussion: """
            Days are those of the time zone the step samples carry (HKMetadataKeyTimeZone), else the system's.
            Example:
              health demo-export --records 100000 --out /tmp/demo
              health import /tmp/demo --quiet && health summary
            """
    )

    @Option(name: .long, help: "Days in the steps chart (ending on the last day with steps).")
    var days = 14

    @Option(name: .long, help: "Output format for the type counts: table, json, ndjson or csv.")
    var format: OutputFormat = .table

    @OptionGroup var store: StoreOptions

    func run() throws {
        let healthStore = try store.openForReading()
        let storage = try healthStore.storage()
        let counts = try StoreOverview.counts(storage)
        let rows = counts.map { [HKObjectType.type(forIdentifier: $0.type)?.shortName ?? Self.name(of: $0.type), $0.type, String($0.count)] }
        let table = Table(columns: ["type", "identifier", "count"], rows: rows, numericColumns: ["count"])
        guard format == .table else { return Console.write(table.render(format)) }
        let total = counts.reduce(0) { $0 + $1.count }
        var text = "\(NumberText.grouped(total)) objects of \(counts.count) types"
        if let range = try StoreOverview.dateRange(storage) {
            text += ", \(DateText.day(range.lowerBound)) to \(DateText.day(range.upperBound))"
        }
        text += "\n\n" + table.render(.table)
        let zone = try StatsCommand.samplesTimeZone(HKQuantityType(.stepCount), in: healthStore) ?? .current
        let steps = try StoreOverview.dailySteps(healthStore, storage: storage, days: max(1, days), timeZone: zone)
        if !steps.isEmpty {
            text += "\nDaily steps in \(zone.identifier) (phone and watch merged, no double counting):\n"
            let peak = max(1, steps.map(\.steps).max() ?? 1)
            let shown = steps.map { NumberText.rounded($0.steps) }
            let width = shown.map(\.count).max() ?? 0
            for ((day, value), number) in zip(steps, shown) {
                let bar = String(repeating: "█", count: Int((value / peak * 40).rounded()))
                text += "  \(DateText.day(day, timeZone: zone))  \(String(repeating: " ", count: width - number.count))\(number)  \(bar)\n"
            }
        }
        Console.write(text)
    }

    /// A short name for identifiers the type catalog does not know (`HKVerifiableClinicalRecordTypeIdentifier`).
    static func name(of identifier: String) -> String {
        let trimmed = identifier.replacingOccurrences(of: "TypeIdentifier", with: "").replacingOccurrences(of: "HK", with: "")
        return trimmed.prefix(1).lowercased() + trimmed.dropFirst()
    }
}

/// The figures `health summary` prints.
enum StoreOverview {
    /// Stored objects by type identifier, most first (only types that have any); objects of any other type
    /// (never a workout's parts) are counted under their own identifiers too.
    static func counts(_ storage: any HealthStorage) throws -> [(type: String, count: Int)] {
        var types = Set(HKObjectType.allTypes.map(\.identifier))
        types.formUnion([HKActivitySummaryTypeIdentifier, HKVerifiableClinicalRecord.sampleType.identifier])
        types.remove(WorkoutActivityRecords.recordType)
        var result: [(String, Int)] = []
        for type in types {
            let count = try storage.count(matching: .types([type]))
            if count > 0 { result.append((type, count)) }
        }
        let everything = try storage.count(matching: .not(.types(types.union([WorkoutActivityRecords.recordType]))))
        if everything > 0 { result.append(("other", everything)) }
        return result.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
    }

    /// The earliest start and latest end of samples.
    static func dateRange(_ storage: any HealthStorage) throws -> ClosedRange<Date>? {
        let samples = SampleFilter.kinds([.quantity, .category, .workout, .correlation])
        guard let first = try storage.records(matching: samples, sort: [SampleSort(.startDate)], limit: 1, includePayload: false).first,
              let last = try storage.records(matching: samples, sort: [SampleSort(.endDate, ascending: false)], limit: 1, includePayload: false).first
        else { return nil }
        return first.startDate...max(first.startDate, last.endDate)
    }

    /// Steps per calendar day in `timeZone`, sources merged by HealthKit's rules, for the last `days` days ending on
    /// the day of the last step sample.
    static func dailySteps(_ store: HKHealthStore, storage: any HealthStorage, days: Int,
                           timeZone: TimeZone) throws -> [(day: Date, steps: Double)] {
        let type = HKQuantityType(.stepCount)
        guard let last = try storage.records(matching: .types([type.identifier]), sort: [SampleSort(.startDate, ascending: false)],
                                             limit: 1, includePayload: false).first else { return [] }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let lastDay = calendar.startOfDay(for: last.startDate)
        var result: [(Date, Double)] = []
        for offset in stride(from: days - 1, through: 0, by: -1) {
            guard let day = calendar.date(byAdding: .day, value: -offset, to: lastDay),
                  let next = calendar.date(byAdding: .day, value: 1, to: day) else { continue }
            let predicate = HKQuery.predicateForSamples(withStart: day, end: next, options: .strictStartDate)
            let done = DispatchSemaphore(value: 0)
            let box = ResultBox()
            let query = HKStatisticsQuery(quantityType: type, quantitySamplePredicate: predicate, options: .cumulativeSum) { _, statistics, _ in
                box.value = statistics?.sumQuantity()?.doubleValue(for: .count()) ?? 0
                done.signal()
            }
            store.execute(query)
            done.wait()
            result.append((day, box.value))
        }
        return result
    }

    private final class ResultBox: @unchecked Sendable { var value = 0.0 }
}
