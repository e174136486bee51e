import ArgumentParser
import Foundation
import HealthDatabase
import OpenHealthKit

/// `health stats TYPE`: sums, averages, minimums, maximums or latest values per hour, day, week, month or year.
struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Statistics of a quantity type per hour, day, week, month or year.",
        discussion: """
            Sums are merged across sources by the source priority (see `health sources priority`), so a walk \
            counted by both a phone and a watch counts once. Intervals follow the calendar of --time-zone; by default the \
            time zone the samples carry (HKMetadataKeyTimeZone, the latest sample's), else the system's. The table \
            names the zone it used. A day that crosses a daylight-saving change has 23 or 25 hours. The table ends with \
            a bar chart of the first figure.

            Examples:
              health stats stepCount --from 2024-03-01 --to 2024-04-01
              health stats heartRate --by week --min --max --avg
              health stats stepCount --by month --separate-by-source --format csv
              health stats stepCount --time-zone Europe/Berlin --format json
            """
    )

    @OptionGroup var store: StoreOptions

    @Argument(help: "The quantity type: a short name (stepCount) or an identifier.")
    var type: String

    @Option(help: "From this date (\(DateText.grammar); in the intervals' time zone unless it has an offset).")
    var from: String?

    @Option(help: "Up to (not including) this date.")
    var to: String?

    @Option(help: "Interval length: hour, day, week (from Monday), month or year.")
    var by: StatsInterval = .day

    @Flag(help: "The sum (cumulative types; the default for them).")
    var sum = false
    @Flag(help: "The average (discrete types; the default for them).")
    var avg = false
    @Flag(help: "The minimum (discrete types).")
    var min = false
    @Flag(help: "The maximum (discrete types).")
    var max = false
    @Flag(help: "The most recent value.")
    var recent = false

    @Flag(help: "Also show each source's own, unmerged figures.")
    var separateBySource = false

    @Option(help: "The time zone of the intervals and dates, e.g. Europe/Berlin (default: the samples').")
    var timeZone: String?

    @Option(help: "Show quantities in this unit, e.g. km or count/min (default: the preferred unit for the store's locale).")
    var unit: String?

    @Option(help: OutputFormat.help)
    var format: OutputFormat = .table

    func run() async throws {
        guard let quantityType = try TypeList.sampleType(type) as? HKQuantityType else {
            throw badInput("\"\(type)\" is not a quantity type (statistics need quantities)")
        }
        let chosenUnit = try unit.map { try UnitsCommand.unit($0, for: quantityType) }
        if timeZone != nil { _ = try TimeZoneOption.parse(timeZone) }
        _ = try DateOptions.window(from: from, to: to)
        let healthStore = try store.openForReading()
        let (zone, zoneOrigin) = try timeZone.map { (try TimeZoneOption.parse($0), "--time-zone") }
            ?? Self.samplesTimeZone(quantityType, in: healthStore).map { ($0, "the samples' time zone") } ?? (.current, "the system's time zone")
        let (start, end) = try DateOptions.window(from: from, to: to, timeZone: zone)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let asked = zip(StatsFigure.allCases, [sum, avg, min, max, recent]).filter(\.1).map(\.0)
        let figures = asked.isEmpty ? StatsFigure.defaults(for: quantityType) : asked
        var options = figures.reduce(into: HKStatisticsOptions()) { $0.formUnion($1.option) }
        if separateBySource { options.insert(.separateBySource) }
        let predicate = window(start, end, calendar: calendar, sumsOnly: options.isSubset(of: [.cumulativeSum, .separateBySource]))
        let query: HKStatisticsCollectionQuery
        do {
            query = try HKStatisticsCollectionQuery.checked(quantityType: quantityType, quantitySamplePredicate: predicate,
                                                            options: options, anchorDate: by.anchor(in: calendar),
                                                            intervalComponents: by.components)
        } catch {
            throw badInput(error.localizedDescription)
        }
        query.intervalCalendar = calendar
        // Without --unit, figures are shown as the Health app shows them: in the store's preferred unit (count/min
        // for heart rate, the locale's kg or lb), not the canonical one (count/s).
        var displayUnit = quantityType.canonicalUnit
        if let chosenUnit {
            displayUnit = chosenUnit
        } else if let preferred = try await healthCall({ try await healthStore.preferredUnits(for: [quantityType])[quantityType] }) {
            displayUnit = preferred
        }
        let collection = try await healthCall { try await Self.collection(of: query, on: healthStore) }
        let rows = StatsRows(figures: figures, unit: displayUnit, timeZone: zone, separateBySource: separateBySource)
        let table = rows.table(collection, from: start, to: end, chart: format == .table)
        if format == .table { Console.write("\(by.rawValue.capitalized)s in \(timeZone ?? zone.identifier) (\(zoneOrigin)); \(quantityType.shortName) in \(displayUnit.unitString)\n") }
        Console.write(table.render(format))
    }

    /// The time zone the latest sample of `type` carries (`HKMetadataKeyTimeZone`), if it carries a known one.
    static func samplesTimeZone(_ type: HKQuantityType, in store: HKHealthStore) throws -> TimeZone? {
        let storage = try store.storage()
        let latest = try storage.records(matching: .and([.types([type.identifier]), .fieldExists(HKMetadataKeyTimeZone)]),
                                         sort: [SampleSort(.endDate, ascending: false)], limit: 1, includePayload: false).first
        guard case .text(let name)? = latest?.fields[HKMetadataKeyTimeZone] else { return nil }
        return TimeZone(identifier: name)
    }

    /// The samples to read for the intervals shown: those overlapping the whole intervals containing `start` and
    /// `end`, so each shown interval counts all its samples. Sums alone need no predicate (the store's summaries
    /// answer them for every interval at once); other figures read only that window.
    private func window(_ start: Date?, _ end: Date?, calendar: Calendar, sumsOnly: Bool) -> NSPredicate? {
        guard !sumsOnly, start != nil || end != nil,
              let buckets = StatisticsBuckets(anchor: by.anchor(in: calendar), components: by.components, calendar: calendar,
                                              timeZone: calendar.timeZone) else { return nil }
        return HKQuery.predicateForSamples(withStart: start.map { buckets.interval(containing: $0).start },
                                           end: end.map { buckets.interval(containing: $0.addingTimeInterval(-0.001)).end })
    }

    private static func collection(of query: HKStatisticsCollectionQuery, on store: HKHealthStore) async throws -> HKStatisticsCollection {
        try await withCheckedThrowingContinuation { continuation in
            query.initialResultsHandler = { _, collection, error in
                if let collection { continuation.resume(returning: collection) } else { continuation.resume(throwing: error!) }
            }
            store.execute(query)
        }
    }
}
