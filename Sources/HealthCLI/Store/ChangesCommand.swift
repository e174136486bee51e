import ArgumentParser
import Foundation
import OpenHealthKit

/// `health changes --anchor N`: the change log after an anchor, for sync scripts.
struct ChangesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "changes",
        abstract: "List saves and deletions after an anchor, and the anchor to continue from.",
        usage: "health changes [--anchor <n>] [--limit <n>] [--format <format>] [...]",
        discussion: """
            Every kind of stored object comes through: samples, workouts, activity summaries, documents, clinical \
            and verifiable records. A sync script keeps the anchor this prints and passes it back next time; \
            deletions are kept forever, so no gap is too long. Examples:
              health changes --anchor 0 --format json
              health changes --anchor 1523 --limit 1000
            In table, CSV and NDJSON formats the next anchor is printed on standard error as "anchor N"; JSON \
            prints {"anchor": N, "hasMore": bool, "changes": [...]}.
            """
    )

    @OptionGroup var store: StoreOptions

    @Option(help: "Changes after this anchor (0: from the beginning).")
    var anchor: Int64 = 0

    @Option(help: "At most this many changes.")
    var limit: Int?

    @Option(help: OutputFormat.help)
    var format: OutputFormat = .table

    func validate() throws {
        if anchor < 0 { throw ValidationError("--anchor must be 0 or more") }
        if let limit, limit <= 0 { throw ValidationError("--limit must be a positive number") }
    }

    func run() async throws {
        let healthStore = try store.openForReading()
        let set = try await healthCall { try healthStore.changes(after: HKQueryAnchor(rawValue: anchor), limit: limit) }
        let rows = ObjectRows(forScripts: format != .table)
        var text = ""
        let writer = rows.writer(format, extraColumns: ["change"]) { text += $0 }
        for change in set.changes { writer.add(Self.cells(change, rows)) }
        writer.finish()
        switch format {
        case .json:
            let array = text.trimmingCharacters(in: .whitespacesAndNewlines)
            Console.write("{\"anchor\": \(set.anchor.rawValue), \"hasMore\": \(set.hasMore), \"changes\": \(array)}\n")
        case .table, .csv, .ndjson:
            Console.write(text)
            FileHandle.standardError.write(Data("anchor \(set.anchor.rawValue)\(set.hasMore ? " (more waiting)" : "")\n".utf8))
        }
    }

    private static func cells(_ change: StoreChange, _ rows: ObjectRows) -> [String?] {
        switch change {
        case .added(let sample):
            return ["added"] + rows.cells(sample)
        case .addedActivitySummary(let summary, let uuid):
            return ["added"] + rows.cells(summary, uuid: uuid, source: nil)
        case .deleted(let object, let type):
            let name = HKObjectType.type(forIdentifier: type)?.shortName ?? type
            var cells: [String?] = ["deleted", nil, nil, name, nil, nil, nil, nil, object.uuid.uuidString]
            if rows.forScripts { cells += [nil, nil] }
            return cells
        }
    }
}
