import ArgumentParser
import Foundation
import HealthDatabase
import OpenHealthKit

/// `health query TYPE`: the objects of one type, filtered and sorted in the database and streamed page by page,
/// so memory stays the same whatever the number of rows.
struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "List the objects of a type (samples, workouts, activity summaries, ...).",
        usage: "health query <type> [--from <date>] [--to <date>] [--source <name>] [...]",
        discussion: """
            Rows are read and printed a page at a time. Examples:
              health query stepCount --from 2024-03-01 --to 2024-03-02
              health query heartRate --limit 10 --unit count/min --format json
              health query workout --format ndjson > workouts.ndjson
              health query activitySummary --from 2024-03-01
              health query stepCount --source "Anna's iPhone" --limit 100 --offset 200
            """
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var selection: SelectionOptions

    @Option(help: "At most this many rows.")
    var limit: Int?

    @Option(help: "Skip this many rows first (with --limit, for paging).")
    var offset = 0

    @Option(help: "Sort by start or end date.")
    var sort: SortField = .start

    @Flag(help: "Oldest first (default: newest first).")
    var ascending = false

    @Option(help: "Show quantities in this unit, e.g. count/min.")
    var unit: String?

    @Option(help: "Write dates in this time zone, e.g. Europe/Berlin (default: the system's).")
    var timeZone: String?

    @Option(help: OutputFormat.help)
    var format: OutputFormat = .table

    /// What `--sort` accepts.
    enum SortField: String, ExpressibleByArgument, CaseIterable { case start, end }

    /// Rows read from the database at a time.
    static let pageSize = 2_000

    func validate() throws {
        if let limit, limit <= 0 { throw ValidationError("--limit must be a positive number") }
        if offset < 0 { throw ValidationError("--offset must be 0 or more") }
    }

    func run() throws {
        let type = try TypeList.parse([selection.type])[0]
        guard type is HKSampleType || type is HKActivitySummaryType else {
            throw badInput("\"\(selection.type)\" is a characteristic, not something stored over time; read it with `health me`")
        }
        let displayUnit = try unit.map { try UnitsCommand.unit($0, for: type) }
        let zone = try TimeZoneOption.parse(timeZone)
        _ = try selection.window()
        let healthStore = try store.openForReading()
        let storage = try healthStore.storage()
        let filter = SampleFilter.and([try selection.filter(in: healthStore, typeIdentifier: type.identifier), WorkoutActivityRecords.excluded])
        let rows = ObjectRows(timeZone: zone, unit: displayUnit, forScripts: format != .table)
        let writer = rows.writer(format)
        var pager = KeysetPager(filter: filter, byEnd: sort == .end, ascending: ascending)
        var skip = offset
        var left = limit ?? Int.max
        try streamRows(to: writer) {
            while left > 0, let page = try pager.next(storage, size: Self.pageSize) {
                for cells in try Self.rows(page, type: type, rows: rows, storage: storage) {
                    if skip > 0 { skip -= 1; continue }
                    writer.add(cells)
                    left -= 1
                    if left == 0 { break }
                }
            }
        }
    }

    /// The rows of one page of records, in order.
    private static func rows(_ records: [SampleRecord], type: HKObjectType, rows: ObjectRows,
                             storage: any HealthStorage) throws -> [[String?]] {
        if type is HKActivitySummaryType {
            return try records.map { record in
                let summary = try ActivitySummaryMapping.summary(from: record)
                let source = HKSource(name: record.source.name, bundleIdentifier: record.source.bundleIdentifier)
                return rows.cells(summary, uuid: record.uuid, source: source)
            }
        }
        let samples = try QueryMapping.samples(from: records, storage: storage, concurrently: false)
        return try samples.map { sample in
            guard let workout = sample as? HKWorkout else { return rows.cells(sample) }
            let routes = try storage.count(matching: .and([.parent(workout.uuid), .types([HKWorkoutRouteTypeIdentifier])]))
            let details = ObjectRows.describe(workout, unit: nil).2.map { $0 + ", \(routes) route\(routes == 1 ? "" : "s")" }
            return rows.cells(sample, details: details)
        }
    }
}

/// `--time-zone` as the commands read it.
enum TimeZoneOption {
    /// The zone named `name` (the system's when nil); an unknown name exits with status 2 and suggestions.
    static func parse(_ name: String?) throws -> TimeZone {
        guard let name else { return .current }
        if let zone = TimeZone(identifier: name) ?? (name.uppercased() == "UTC" ? TimeZone(secondsFromGMT: 0) : nil) { return zone }
        throw badInput("--time-zone: unknown time zone \"\(name)\"\(Suggestions.didYouMean(name, among: TimeZone.knownTimeZoneIdentifiers)) "
            + "(use a name such as Europe/Berlin or UTC)")
    }
}
