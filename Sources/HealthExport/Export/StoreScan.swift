public import Foundation
import HealthDatabase

/// Reads a store's records page by page in change order (a correlation or workout before its parts), so an
/// export never holds the whole store in memory.
struct StoreScan {
    let storage: any HealthStorage
    let filter: SampleFilter
    var pageSize = 10_000
    /// Told how many records each page held, as the pages are read.
    var progress: ExportProgress.Counter?

    /// Calls `body` with each page of present records matching the filter.
    func forEachPage(_ body: ([SampleRecord]) throws -> Void) throws {
        var anchor: Int64 = 0
        while true {
            let batch = try storage.changes(after: anchor, matching: filter, limit: pageSize)
            var records: [SampleRecord] = []
            for case .saved(let record) in batch.changes { records.append(record) }
            if !records.isEmpty {
                try body(records)
                progress?.add(records.count)
            }
            guard batch.changes.count >= pageSize, batch.anchor > anchor else { return }
            anchor = batch.anchor
        }
    }

    /// The children of `parents` of the given types, by parent.
    func children(ofTypes types: Set<String>) throws -> [UUID: [SampleRecord]] {
        var result: [UUID: [SampleRecord]] = [:]
        for record in try storage.records(matching: .types(types), sort: [], limit: nil, includePayload: true) {
            if let parent = record.parent { result[parent, default: []].append(record) }
        }
        return result
    }
}

/// Which records an export covers: `--type`, `--from`, `--to`.
public struct ExportSelection: Sendable {
    /// Type identifiers to export (all when empty).
    public var types: Set<String> = []
    /// Samples ending at or after this date.
    public var from: Date?
    /// Samples starting before this date.
    public var to: Date?

    /// Everything.
    public init(types: Set<String> = [], from: Date? = nil, to: Date? = nil) {
        self.types = types
        self.from = from
        self.to = to
    }

    /// The storage filter.
    var filter: SampleFilter {
        var parts: [SampleFilter] = []
        if !types.isEmpty { parts.append(.types(types)) }
        if from != nil || to != nil { parts.append(.window(DateWindow(start: from, end: to))) }
        return parts.isEmpty ? .all : .and(parts)
    }
}
