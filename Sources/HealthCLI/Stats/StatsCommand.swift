import ArgumentParser
import Foundation
import OpenHealthKit

/// `health stats TYPE`: sums, averages, minimums, maximums or latest values per hour, day, week, month or year.
struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Statistics of a quantity type per hour, day, week, month or year.",
        discussion: """
            Sums are merged across sources by the source priority (see `health sources priority`), so a walk \
            counted by both a phone and a watch counts once. Intervals follow the calendar of --time-zone (default: \
            the machine's), so a day that crosses a daylight-saving change has 23 or 25 hours. The table ends with \
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

    @Option(help: "From this date (2024-03-01, in --time-zone, or an ISO 8601 timestamp).")
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

    @Option(help: "The time zone of the intervals and dates, e.g. Europe/Berlin.")
    var timeZone: String?

    @Option(help: "Show quantities in this unit, e.g. km or count/min (default: the preferred unit for the store's locale).")
    var unit: String?

    @Option(help: "Output format: table, json or csv.")
    var format: OutputFormat = .table

    func run() async throws {
        let zone = try parseTimeZone()
        guard let quantityType = try TypeList.sampleType(type) as? HKQuantityType else {
            throw badInput("\"\(type)\" is not a quantity type (statistics need quantities)")
        }
        let chosenUnit = try unit.map(UnitsCommand.unit)
        if let chosenUnit, !quantityType.is(compatibleWith: chosenUnit) {
            throw badInput("unit \(chosenUnit.unitString) does not fit \(quantityType.shortName)")
        }
        let start = try from.map { try date($0, option: "--from", zone: zone) }
        let end = try to.map { try date($0, option: "--to", zone: zone) }
        if let start, let end, end <= start { throw badInput("--to must be after --from") }
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
        let healthStore = try store.open()
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
        Console.write(table.render(format))
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

    private func parseTimeZone() throws -> TimeZone {
        guard let timeZone else { return .current }
        guard let zone = TimeZone(identifier: timeZone) else {
            throw badInput("--time-zone: unknown time zone \"\(timeZone)\" (use a name such as Europe/Berlin)")
        }
        return zone
    }

    private func date(_ text: String, option: String, zone: TimeZone) throws -> Date {
        guard let date = DateText.parse(text, timeZone: zone) else {
            throw badInput("\(option): \"\(text)\" is not a date (use 2024-03-01 or 2024-03-01T08:30:00Z)")
        }
        return date
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
