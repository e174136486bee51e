import Foundation
import TestSupport
@testable import HealthCLI
import OpenHealthKit
import OpenHealthKitSQLite
import Testing

/// `health records list` streams its rows a page at a time and `health records show` looks its record up; run as a
/// person would, on a store larger than a page whose records share their dates (an import dates a batch alike).
@Suite("health records list and show on many records")
struct RecordsPagingCommandTests {
    let directory: URL
    let database: String

    init() throws {
        (directory, database) = try HealthProcess.newStore("records-paging")
    }

    /// A Bundle of `count` laboratory Observations, ids `prefix-0`, `prefix-1`, ... (a bundle is stored with one
    /// date for up to 5,000 resources).
    func bundle(_ name: String, prefix: String, count: Int) throws -> String {
        let entries = (0 ..< count).map { index in
            #"{"resource":{"resourceType":"Observation","id":"\#(prefix)-\#(index)","status":"final","category":[{"coding":[{"code":"laboratory"}]}],"#
                + #""code":{"text":"Glucose \#(index)"},"effectiveDateTime":"2020-01-\#(String(format: "%02d", 1 + index % 28))"}}"#
        }
        let url = directory.appendingPathComponent(name)
        try Data((#"{"resourceType":"Bundle","type":"collection","entry":["# + entries.joined(separator: ",\n") + "]}\n").utf8).write(to: url)
        return url.path
    }

    /// Imports 1,500 and then 1,100 records (two imports, so two dates, each shared by a batch that spans pages of
    /// ``ClinicalRecordRows/pageSize``); returns the records as one sorted read of the store gives them, newest first.
    func fill() async throws -> [HKClinicalRecord] {
        for (name, count) in [("a", 1_500), ("b", 1_100)] {
            let result = try await HealthProcess.run(["records", "import", try bundle("\(name).json", prefix: name, count: count),
                                                "--institution", "Lab \(name)", "--database", database])
            try #require(result.status == 0, "\(result.stderr)")
        }
        let store = try HKHealthStore.owner(databasePath: database)
        let descriptor = HKSampleQueryDescriptor(predicates: HKObjectType.allClinicalTypes.map { .clinicalRecord(type: $0) },
                                                 sortDescriptors: [SortDescriptor(\HKClinicalRecord.startDate, order: .reverse)])
        return try await descriptor.result(for: store)
    }

    @Test func listStreamsTheSameRowsAsOneSortedRead() async throws {
        let records = try await fill()
        try #require(records.count == 2_600 && records.count > 2 * ClinicalRecordRows.pageSize)
        try #require(Set(records.map(\.startDate)).count == 2)
        for format in [OutputFormat.json, .csv, .table] {
            let expected = Table(columns: ClinicalRecordRows.columns, rows: records.map(ClinicalRecordRows.row)).render(format)
            let list = try await HealthProcess.run(["records", "list", "--format", format.rawValue, "--database", database])
            #expect(list.status == 0 && list.stderr.isEmpty, "\(list.stderr)")
            #expect(list.stdout == expected, "\(format): \(list.stdout.count) characters, expected \(expected.count)")
        }
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(try await HealthProcess.run(
            ["records", "list", "--format", "json", "--database", database]).stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["uuid"] as? String } == records.map(\.uuid.uuidString))
        #expect(Set(rows.compactMap { $0["id"] as? String }).count == 2_600)
        let filtered = try await HealthProcess.run(["records", "list", "--type", "labResultRecord", "--resource-type", "Observation",
                                              "--format", "ndjson", "--database", database])
        #expect(filtered.stdout.split(separator: "\n").count == 2_600)
        let none = try await HealthProcess.run(["records", "list", "--resource-type", "Condition", "--format", "json", "--database", database])
        #expect(none.status == 0 && none.stdout == "[]\n")
    }

    @Test func showFindsARecordByUUIDAndNamesAnUnknownOne() async throws {
        let records = try await fill()
        let record = records[1_777]
        let show = try await HealthProcess.run(["records", "show", record.uuid.uuidString, "--database", database])
        #expect(show.status == 0 && show.stderr.isEmpty, "\(show.stderr)")
        #expect(show.stdout.hasPrefix("uuid: \(record.uuid.uuidString)\ntype: labResultRecord\n"))
        #expect(show.stdout.contains("resource: Observation/\(record.fhirResource?.identifier ?? "?")\n"))
        let unknown = UUID().uuidString
        let missing = try await HealthProcess.run(["records", "show", unknown, "--database", database])
        #expect(missing.status == 2 && missing.stdout.isEmpty)
        #expect(missing.stderr == "health: no clinical record \"\(unknown)\"\n")
    }
}
