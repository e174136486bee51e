import Foundation
import HealthExport
import HealthKitModel
import HealthServer
import HealthUnits
import OpenHealthKit
import Testing
import TestSupport

/// The dashboard on real Apple Health exports it did not write (../shared/testdata/apple-health-export): every
/// quantity type in them, in every range around its latest sample, answers a page whose intervals hold what
/// HealthKit's collection query gives on the same store, and whose charts parse.
@Suite struct DashboardExportTests {
    static let files = ["opendroid-hk/audio_exposure.xml", "opendroid-hk/sampleexport-2.xml", "opendroid-hk/sampleexport.xml",
                        "applehealthdata/export6s3sample.xml", "healthkit-to-sqlite/export.xml", "ahcd-go/export.xml",
                        "apple-health-parser/export.zip"]

    /// The interval each range's rows are, by the range's name.
    static let intervals: [String: DateComponents] = [
        "day": DateComponents(hour: 1), "week": DateComponents(day: 1), "month": DateComponents(day: 1),
        "sixMonths": DateComponents(day: 7), "year": DateComponents(month: 1),
    ]

    @Test("a real export's every quantity type, in every range: 200, charts that parse, the collection query's figures", arguments: files)
    func export(_ name: String) async throws {
        guard let folder = TestData.directory("apple-health-export") else { print(TestData.missingMessage); return }
        let harness = try await ServerHarness()
        defer { harness.stop() }
        _ = try await harness.person("alice")
        _ = try ExportImporter().run(path: folder.appendingPathComponent(name).path, into: try harness.storage(of: "alice"))
        let cookie = try await harness.signIn("alice")
        let store = try harness.ownerStore(of: "alice")
        var pagesSeen = 0
        for type in HKObjectType.allQuantityTypes {
            let latest = try await Self.latest(store, type)
            guard let latest else { continue }
            let day = Date.ISO8601FormatStyle().year().month().day().format(latest)
            let unit = try await store.preferredUnits(for: [type])[type] ?? type.canonicalUnit
            for (range, interval) in Self.intervals {
                let page = try await harness.send("GET", "/types/\(type.shortName)?range=\(range)&date=\(day)&tz=UTC", cookie: cookie)
                #expect(page.status == 200, "\(name) \(type.shortName) \(range): \(page.text.prefix(300))")
                pagesSeen += 1
                for svg in ServerHarness.svgs(in: page.text) { _ = try SVGElements(svg) }
                let rows = DashboardFixtures.rows(page.text)
                guard let first = rows.first?.start, let last = rows.last?.start,
                      let end = DashboardFixtures.utc.date(byAdding: interval, to: last) else {
                    Issue.record("\(name) \(type.shortName) \(range): no table")
                    continue
                }
                let asked = DashboardFixtures.utc.startOfDay(for: latest)
                #expect(first <= asked && asked < end, "\(range): the window holds the day asked for")
                let cumulative = type.aggregationStyle == .cumulative
                let expected = try await DashboardFixtures.collection(store, type, options: cumulative ? .cumulativeSum : [.discreteMin, .discreteMax, .discreteAverage],
                                                                      start: first, end: end, interval: interval)
                #expect(rows.map(\.start) == expected.map(\.0), "\(name) \(type.shortName) \(range)")
                for (row, (_, statistics)) in zip(rows, expected) {
                    if cumulative {
                        #expect(row.cells["value"] == statistics.sumQuantity()?.doubleValue(for: unit))
                    } else {
                        #expect(row.cells["min"] == statistics.minimumQuantity()?.doubleValue(for: unit))
                        #expect(row.cells["average"] == statistics.averageQuantity()?.doubleValue(for: unit))
                        #expect(row.cells["max"] == statistics.maximumQuantity()?.doubleValue(for: unit))
                    }
                }
            }
            let overview = try await harness.send("GET", "/?date=\(day)&tz=UTC", cookie: cookie)
            #expect(overview.status == 200)
            for svg in ServerHarness.svgs(in: overview.text) { _ = try SVGElements(svg) }
        }
        #expect(pagesSeen > 0, "\(name) has quantity samples")
    }

    /// The end date of the latest sample of `type`, by an `HKSampleQuery`.
    static func latest(_ store: HKHealthStore, _ type: HKQuantityType) async throws -> Date? {
        try await withCheckedThrowingContinuation { continuation in
            let query = HKSampleQuery(sampleType: type, predicate: nil, limit: 1,
                                      sortDescriptors: [NSSortDescriptor(key: HKSampleSortIdentifierEndDate, ascending: false)]) { _, samples, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: samples?.first?.endDate) }
            }
            store.execute(query)
        }
    }
}
