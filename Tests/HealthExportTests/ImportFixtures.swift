import Foundation
import HealthDatabase
import HealthDatabaseSQLite
@testable import HealthExport
import TestSupport

/// A fresh SQLite store in a temporary folder, and helpers to import into it and count what it holds.
struct TempStore {
    let folder: URL
    let storage: SQLiteHealthStorage

    init() throws {
        folder = TemporaryFiles.folder.appendingPathComponent("ohk-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        storage = try SQLiteHealthStorage(path: folder.appendingPathComponent("health.sqlite").path)
    }

    /// Imports `path` with small batches (so batching paths are exercised).
    func importExport(_ path: String, batch: Int = 7) throws -> ImportReport {
        var importer = ExportImporter()
        importer.batchSize = batch
        return try importer.run(path: path, into: storage)
    }

    /// Every stored record.
    func all() throws -> [SampleRecord] {
        try storage.records(matching: .all, sort: [], limit: nil, includePayload: true)
    }

    /// Stored records of `type`.
    func count(_ type: String) throws -> Int { try storage.count(matching: .types([type])) }

    /// Writes `text` to a file in the folder and returns its path.
    func write(_ text: String, name: String = "export.xml") throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}

/// Independent counts of a fixture's elements: a plain text scan, not the importer's tokenizer.
enum ElementScan {
    /// `<Name` occurrences (followed by a space, `/` or `>`), outside comments and the DOCTYPE.
    static func count(_ name: String, in text: String) -> Int {
        let body = strippedProlog(text)
        var count = 0
        for needle in ["<\(name) ", "<\(name)>", "<\(name)/", "<\(name)\n", "<\(name)\t"] {
            count += body.components(separatedBy: needle).count - 1
        }
        return count
    }

    /// Top-level `Record`s: those not between `<Correlation` and `</Correlation>`.
    static func topLevelRecords(in text: String) -> Int {
        var inside = 0
        var total = 0
        for line in strippedProlog(text).components(separatedBy: "<") {
            if line.hasPrefix("Correlation ") || line.hasPrefix("Correlation>") { inside += 1 }
            if line.hasPrefix("/Correlation") { inside -= 1 }
            if inside == 0, line.hasPrefix("Record ") || line.hasPrefix("Record\n") { total += 1 }
        }
        return total
    }

    /// The text after the DOCTYPE's internal subset, with comments removed.
    static func strippedProlog(_ text: String) -> String {
        var body = text
        if let doctype = body.range(of: "<!DOCTYPE"), let end = body.range(of: "]>", range: doctype.upperBound..<body.endIndex) {
            body.removeSubrange(doctype.lowerBound..<end.upperBound)
        }
        while let open = body.range(of: "<!--"), let close = body.range(of: "-->", range: open.upperBound..<body.endIndex) {
            body.removeSubrange(open.lowerBound..<close.upperBound)
        }
        return body
    }
}

/// The fixture folder, or nil (tests then skip with ``TestData/missingMessage``).
let exportFixtures = TestData.directory("apple-health-export")
