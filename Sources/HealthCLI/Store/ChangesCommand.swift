import ArgumentParser
import Foundation
import OpenHealthKit

/// `health changes --anchor N`: the change log after an anchor, for sync scripts.
struct ChangesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "changes",
        abstract: "List saves and deletions after an anchor, in order, and the anchor to continue from.",
        discussion: """
            A sync script keeps the anchor this prints and passes it back next time; deletions are kept forever,
            so no gap is too long. Examples:
              health changes --anchor 0 --format json
              health changes --anchor 1523 --limit 1000
            In table and CSV formats the next anchor is printed on standard error as "anchor N";
            JSON prints {"anchor": N, "hasMore": bool, "changes": [...]}.
            """
    )

    @OptionGroup var store: StoreOptions

    @Option(help: "Changes after this anchor (0: from the beginning).")
    var anchor: Int64 = 0

    @Option(help: "At most this many changes.")
    var limit: Int?

    @Option(help: "Output format: table, json or csv.")
    var format: OutputFormat = .table

    func validate() throws {
        if anchor < 0 { throw ValidationError("--anchor must be 0 or more") }
        if let limit, limit <= 0 { throw ValidationError("--limit must be a positive number") }
    }

    func run() async throws {
        let healthStore = try store.open()
        let set = try await healthCall { try healthStore.changes(after: HKQueryAnchor(rawValue: anchor), limit: limit) }
        let table = Table(columns: ["change"] + SampleRows.columns, rows: set.changes.map(Self.cells), numericColumns: ["value"])
        switch format {
        case .json:
            let rows = table.render(.json).trimmingCharacters(in: .whitespacesAndNewlines)
            Console.write("{\n\"anchor\" : \(set.anchor.rawValue),\n\"hasMore\" : \(set.hasMore),\n\"changes\" : \(rows)\n}\n")
        case .table, .csv:
            Console.write(table.render(format))
            FileHandle.standardError.write(Data("anchor \(set.anchor.rawValue)\(set.hasMore ? " (more waiting)" : "")\n".utf8))
        }
    }

    private static func cells(_ change: HKChange) -> [String?] {
        switch change {
        case .added(let sample):
            return ["added"] + SampleRows.cells(sample)
        case .deleted(let object, let type):
            let name = HKObjectType.type(forIdentifier: type)?.shortName ?? type
            return ["deleted", nil, nil, name, nil, nil, nil, object.uuid.uuidString]
        }
    }
}
