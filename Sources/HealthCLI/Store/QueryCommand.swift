import ArgumentParser
import Foundation
import OpenHealthKit

/// `health query TYPE`: samples of one type, filtered, sorted and limited in the database.
struct QueryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "List the samples of a type.",
        discussion: """
            Examples:
              health query stepCount --from 2024-03-01 --to 2024-03-02
              health query heartRate --limit 10 --unit count/min --format json
              health query sleepAnalysis --source com.apple.health --sort start --ascending
            """
    )

    @OptionGroup var store: StoreOptions

    @Argument(help: "The sample type: a short name (stepCount) or an identifier.")
    var type: String

    @Option(help: "Only samples overlapping the time from this date (2024-03-01 or an ISO 8601 timestamp).")
    var from: String?

    @Option(help: "Only samples overlapping the time before this date.")
    var to: String?

    @Option(help: "Only samples from this source (bundle identifier); repeatable.")
    var source: [String] = []

    @Option(help: "At most this many samples.")
    var limit: Int?

    @Option(help: "Sort by start or end date.")
    var sort: SortField = .start

    @Flag(help: "Oldest first (default: newest first).")
    var ascending = false

    @Option(help: "Show quantities in this unit, e.g. count/min.")
    var unit: String?

    @Option(help: "Output format: table, json or csv.")
    var format: OutputFormat = .table

    /// What `--sort` accepts.
    enum SortField: String, ExpressibleByArgument, CaseIterable { case start, end }

    func validate() throws {
        if let limit, limit <= 0 { throw ValidationError("--limit must be a positive number") }
    }

    func run() async throws {
        let sampleType = try TypeList.sampleType(type)
        let displayUnit = try unit.map(UnitsCommand.unit)
        let predicate = try makePredicate()
        let key = sort == .start ? HKSampleSortIdentifierStartDate : HKSampleSortIdentifierEndDate
        let descriptors = [NSSortDescriptor(key: key, ascending: ascending)]
        let healthStore = try store.open()
        let samples: [HKSample] = try await healthCall {
            try await withCheckedThrowingContinuation { continuation in
                let query = HKSampleQuery(sampleType: sampleType, predicate: predicate, limit: limit ?? HKObjectQueryNoLimit,
                                          sortDescriptors: descriptors) { _, samples, error in
                    if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: samples ?? []) }
                }
                healthStore.execute(query)
            }
        }
        let table = Table(columns: SampleRows.columns, rows: samples.map { SampleRows.cells($0, unit: displayUnit) },
                          numericColumns: ["value"])
        Console.write(table.render(format))
    }

    private func makePredicate() throws -> NSPredicate? {
        var parts: [NSPredicate] = []
        let start = try from.map { try QueryCommand.date($0, option: "--from") }
        let end = try to.map { try QueryCommand.date($0, option: "--to") }
        if start != nil || end != nil { parts.append(HKQuery.predicateForSamples(withStart: start, end: end)) }
        if !source.isEmpty {
            let sources = Set(source.map { HKSource(name: $0, bundleIdentifier: $0) })
            parts.append(HKQuery.predicateForObjects(from: sources))
        }
        if parts.isEmpty { return nil }
        return parts.count == 1 ? parts[0] : NSCompoundPredicate(andPredicateWithSubpredicates: parts)
    }

    /// Parses a date option, exiting with status 2 and the option's name when it is not a date.
    static func date(_ text: String, option: String) throws -> Date {
        guard let date = DateText.parse(text) else {
            throw badInput("\(option): \"\(text)\" is not a date (use 2024-03-01 or 2024-03-01T08:30:00Z)")
        }
        return date
    }
}
