import Foundation
import HealthKitModel
import HealthServer
import OpenHealthKit
import OpenHealthKitSQLite
import Testing

/// `/heart` rendered for real: heart rate and HRV in a day, a week and a month equal to HealthKit's collection query,
/// the range's heartbeat series and ECGs; and one person's recordings never on another's page.
@Suite struct DashboardHeartTests {
    typealias F = DashboardFixtures

    /// Heart rates three times a day from the 20th to the 26th (DashboardPageTests' seed), HRV each morning, a heartbeat
    /// series and an ECG on the 26th (the ECG over the API with alice's own token: apps and the library's `save` cannot
    /// save one, a sync of the person's recordings can).
    static func seed(_ harness: ServerHarness) async throws -> (cookie: String, ecg: UUID) {
        let cookie = try await DashboardPageTests.seedAlice(harness)
        let store = try harness.ownerStore(of: "alice")
        let samples: [HKObject] = (20...26).map { day in
            HKQuantitySample(type: HKQuantityType(.heartRateVariabilitySDNN), quantity: HKQuantity(unit: .secondUnit(with: .milli), doubleValue: 30 + Double(day)),
                             start: F.date(String(format: "2026-11-%02dT06:30:00", day)), end: F.date(String(format: "2026-11-%02dT06:31:00", day)))
        }
        try await store.save(samples)
        let ecg = UUID()
        let token = try harness.server.createPersonalToken(for: "alice", label: "sync")
        let saved = try await harness.send("POST", "/v1/samples", token: token, json: SampleAPITests.batch([PayloadAPITests.ecg(ecg)]))
        #expect(saved.status == 200, "\(saved.text)")
        let builder = HKHeartbeatSeriesBuilder(healthStore: store, device: nil, start: F.date("2026-11-26T06:30:00"))
        for beat in 0..<90 { try await builder.addHeartbeat(at: Double(beat) * 0.9, precededByGap: false) }
        _ = try await builder.finishSeries()
        return (cookie, ecg)
    }

    @Test("each range's heart rate and HRV bands are the collection query's minimum, average and maximum; the recordings are listed")
    func ranges() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let (cookie, ecg) = try await Self.seed(harness)
        let store = try harness.ownerStore(of: "alice")
        let units: [(HKQuantityTypeIdentifier, HKUnit)] = [(.heartRate, HKUnit.count().unitDivided(by: .minute())),
                                                           (.heartRateVariabilitySDNN, HKUnit.secondUnit(with: .milli))]
        for (range, start, interval, count) in [("day", "2026-11-26T00:00:00", DateComponents(hour: 1), 24),
                                                ("week", "2026-11-20T00:00:00", DateComponents(day: 1), 7),
                                                ("month", "2026-10-27T00:00:00", DateComponents(day: 1), 31)] {
            let page = try await harness.send("GET", "/heart?range=\(range)&" + F.query, cookie: cookie)
            #expect(page.status == 200, "\(range): \(page.text.prefix(300))")
            #expect(page.text.contains("<a href=\"/heart\" aria-current=\"page\">Heart</a>"))
            for (identifier, unit) in units {
                let type = HKQuantityType(identifier)
                let section = try #require(ServerHarness.firstMatch("(<section class=\"card\" aria-labelledby=\"heart-\(type.shortName)\">.*?</section>)",
                                                                    in: page.text).first, "\(range) \(type.shortName)")
                let rows = F.rows(section)
                #expect(rows.count == count)
                let expected = try await F.collection(store, type, options: [.discreteMin, .discreteMax, .discreteAverage], start: F.date(start),
                                                      end: F.date("2026-11-27T00:00:00"), interval: interval).filter { $0.1.averageQuantity() != nil }
                let withData = rows.filter { !$0.cells.isEmpty }
                #expect(withData.map(\.start) == expected.map(\.0), "\(range) \(type.shortName): the intervals with data")
                for (row, (_, statistics)) in zip(withData, expected) {
                    #expect(row.cells["min"] == statistics.minimumQuantity()?.doubleValue(for: unit))
                    #expect(row.cells["average"] == statistics.averageQuantity()?.doubleValue(for: unit))
                    #expect(row.cells["max"] == statistics.maximumQuantity()?.doubleValue(for: unit))
                }
                #expect(try SVGElements(try #require(ServerHarness.svgs(in: section).first)).withClass("band").count == withData.count)
            }
            #expect(page.text.contains("data-series=\"1\" data-beats=\"90\""), "\(range)")
            #expect(page.text.contains("<tr data-uuid=\"\(ecg)\">") && page.text.contains("<td>Sinus rhythm</td><td>64 bpm</td>"))
        }
        #expect(try await harness.send("GET", "/heart?range=year&" + F.query, cookie: cookie).status == 400)
        let before = try await harness.send("GET", "/heart?range=week&date=2026-11-01&tz=UTC", cookie: cookie)
        #expect(before.text.contains("No heartbeat series in this period.") && before.text.contains("No ECG recordings in this period."))
    }

    @Test("another person's heart page shows none of alice's figures or recordings")
    func isolation() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let (_, ecg) = try await Self.seed(harness)
        _ = try await harness.person("bob")
        let bob = try await harness.signIn("bob")
        let page = try await harness.send("GET", "/heart?range=month&" + F.query, cookie: bob)
        #expect(page.status == 200)
        #expect(!page.text.contains(ecg.uuidString) && page.text.contains("No heartbeat series in this period."))
        #expect(F.rows(page.text).isEmpty)
        #expect(ServerHarness.svgs(in: page.text).isEmpty)
    }
}
