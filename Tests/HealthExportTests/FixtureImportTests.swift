import Foundation
import HealthDatabase
import HealthKitModel
import OpenHealthKit
@testable import HealthExport
import Testing
import TestSupport
import HealthDatabaseSQLite

@Suite("Import of the apple-health-export fixtures")
struct FixtureImportTests {
    static let files = [
        "apple-health-parser/export.xml", "apple-health-parser/export.zip", "opendroid-hk/audio_exposure.xml",
        "opendroid-hk/sampleexport.xml", "opendroid-hk/sampleexport-2.xml", "ahcd-go/export.xml",
        "healthkit-to-sqlite/export.xml", "healthkit-to-sqlite/zip_contents", "applehealthdata/export6s3sample.xml",
    ]

    @Test("every fixture: every top-level element is read, and each record is stored or reported", arguments: files)
    func fixture(_ name: String) throws {
        guard let folder = exportFixtures else { print(TestData.missingMessage); return }
        let url = folder.appendingPathComponent(name)
        let xmlURL = name.hasSuffix(".zip") ? folder.appendingPathComponent("apple-health-parser/export.xml")
            : name.hasSuffix("zip_contents") ? url.appendingPathComponent("apple_health_export/export.xml") : url
        let text = String(decoding: try Data(contentsOf: xmlURL), as: UTF8.self)
        let store = try TempStore()
        let summary = try store.importExport(url.path)

        let records = ElementScan.topLevelRecords(in: text)
        #expect(summary.elementsRead["Record", default: 0] == records)
        for element in ["Workout", "ActivitySummary", "Correlation", "Me", "ClinicalRecord", "Audiogram"] {
            #expect(summary.elementsRead[element, default: 0] == ElementScan.count(element, in: text), "\(element)")
        }
        // Each top-level record is stored, or reported, or a duplicate/merged correlation member.
        let problemsOnRecords = summary.problems.groups.filter { $0.kind != ImportProblem.Kind.malformedXML.rawValue && $0.kind != "missing or unreadable file" }
        let storedTopLevel = try store.storage.count(matching: .and([.kinds([.quantity, .category]), .noParent(of: .correlation)]))
        #expect(storedTopLevel + summary.duplicatesInExport + summary.correlationMembersMerged
                + problemsOnRecords.reduce(0) { $0 + $1.count } >= records)
        #expect(storedTopLevel <= records)
        #expect(try store.all().count == summary.stored + (try store.count("HKWorkoutActivity")))
    }

    @Test("healthkit-to-sqlite: records with typed metadata, a workout, two summaries, the route's GPX points")
    func healthkitToSqlite() throws {
        guard let folder = exportFixtures else { print(TestData.missingMessage); return }
        let store = try TempStore()
        let summary = try store.importExport(folder.appendingPathComponent("healthkit-to-sqlite/zip_contents").path)
        #expect(summary.problems.total == 0, "\(summary.problems.lines)")
        #expect(try store.count("HKQuantityTypeIdentifierBodyMassIndex") == 1)
        #expect(try store.count("HKQuantityTypeIdentifierHeartRate") == 1)
        #expect(try store.count("HKWorkoutTypeIdentifier") == 1)
        #expect(try store.count("HKActivitySummaryTypeIdentifier") == 2)
        let routes = try store.storage.records(matching: .types(["HKWorkoutRouteTypeIdentifier"]), sort: [], limit: nil)
        #expect(routes.count == 1)
        #expect((try? ObjectMapping.object(from: routes[0]) as? HKWorkoutRoute)?.locations.count == 3)
        let bmi = try store.storage.records(matching: .types(["HKQuantityTypeIdentifierBodyMassIndex"]), sort: [], limit: nil)[0]
        #expect(bmi.source.name == "Health Mate")
        #expect(bmi.fields["Modified Date"] == .date(Date(timeIntervalSince1970: 1_460_994_965)))
        #expect(bmi.fields["Withings Link"] == .text("withings-bd2://timeline/measure?userid=12345&date=482685932&type=1"))
        #expect(bmi.fields["HKWasUserEntered"] == .number(0))
        let heart = try store.storage.records(matching: .types(["HKQuantityTypeIdentifierHeartRate"]), sort: [], limit: nil)[0]
        #expect(heart.device?.properties["HKDevicePropertyHardwareVersion"] == "Watch2,4")
        #expect(heart.startDate == Date(timeIntervalSince1970: 1_536_571_735))
    }

    @Test("importing the same export twice stores nothing the second time")
    func idempotent() throws {
        guard let folder = exportFixtures else { print(TestData.missingMessage); return }
        let store = try TempStore()
        let path = folder.appendingPathComponent("opendroid-hk/sampleexport-2.xml").path
        let first = try store.importExport(path)
        let before = try store.all().map(\.uuid).sorted { $0.uuidString < $1.uuidString }
        let second = try store.importExport(path, batch: 1000)
        let after = try store.all().map(\.uuid).sorted { $0.uuidString < $1.uuidString }
        #expect(first.stored > 0)
        #expect(second.stored == 0)
        #expect(second.alreadyStored >= first.stored - (try store.count("HKWorkoutActivity")))
        #expect(before == after)
    }
}
