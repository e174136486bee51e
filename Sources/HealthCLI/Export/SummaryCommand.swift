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
            Example:
              health demo-export --records 100000 --out /tmp/demo && health import /tmp/demo --quiet && health summary
            """
    )

    @Option(name: .long, help: "Days in the steps chart (ending on the last day with steps).")
    var days = 14

    @Option(name: .long, help: "Output format for the type counts: table, json or csv.")
    var format: OutputFormat = .table

    @OptionGroup var store: StoreOptions

    func run() throws {
        let healthStore = try store.open()
        let storage = try healthStore.storage()
        let counts = try StoreSummary.counts(storage)
        let rows = counts.map { [HKObjectType.type(forIdentifier: $0.type).map { $0.identifier } ?? $0.type, String($0.count)] }
        let table = Table(columns: ["type", "count"], rows: rows, numericColumns: ["count"])
        guard format == .table else { return Console.write(table.render(format)) }
        let total = counts.reduce(0) { $0 + $1.count }
        var text = "\(NumberFormat.grouped(total)) objects of \(counts.count) types"
        if let range = try StoreSummary.dateRange(storage) {
            text += ", \(ISO8601DateFormatter.day.string(from: range.lowerBound)) to \(ISO8601DateFormatter.day.string(from: range.upperBound))"
        }
        text += "\n\n" + table.render(.table)
        let steps = try StoreSummary.dailySteps(healthStore, storage: storage, days: max(1, days))
        if !steps.isEmpty {
            text += "\nDaily steps (phone and watch merged, no double counting):\n"
            let peak = max(1, steps.map(\.steps).max() ?? 1)
            for (day, value) in steps {
                let bar = String(repeating: "█", count: Int((value / peak * 40).rounded()))
                text += "  \(ISO8601DateFormatter.day.string(from: day))  \(String(repeating: " ", count: max(0, 7 - NumberFormat.grouped(Int(value)).count)))\(NumberFormat.grouped(Int(value)))  \(bar)\n"
            }
        }
        Console.write(text)
    }
}

/// The figures `health summary` prints.
enum StoreSummary {
    /// Stored objects by type identifier, most first (only types that have any).
    static func counts(_ storage: any HealthStorage) throws -> [(type: String, count: Int)] {
        var types = Set(HKObjectType.allTypes(ofKind: .quantity).map(\.identifier))
        for kind in [HKObjectTypeKind.category, .correlation, .workout, .document, .clinical] {
            types.formUnion(HKObjectType.allTypes(ofKind: kind).map(\.identifier))
        }
        types.formUnion([HKActivitySummaryTypeIdentifier, HKSeriesType.workoutRoute().identifier, HKSeriesType.heartbeat().identifier,
                         HKObjectType.audiogramSampleType().identifier, HKObjectType.visionPrescriptionType().identifier])
        var result: [(String, Int)] = []
        for type in types {
            let count = try storage.count(matching: .types([type]))
            if count > 0 { result.append((type, count)) }
        }
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

    /// Steps per calendar day (this machine's time zone), sources merged by HealthKit's rules, for the last
    /// `days` days ending on the day of the last step sample.
    static func dailySteps(_ store: HKHealthStore, storage: any HealthStorage, days: Int) throws -> [(day: Date, steps: Double)] {
        let type = HKQuantityType(.stepCount)
        guard let last = try storage.records(matching: .types([type.identifier]), sort: [SampleSort(.startDate, ascending: false)],
                                             limit: 1, includePayload: false).first else { return [] }
        let calendar = Calendar.current
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
