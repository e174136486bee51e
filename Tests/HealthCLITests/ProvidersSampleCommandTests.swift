import Foundation
import TestSupport
import Testing

/// `health providers connect --sample NAME`: the built-in sample institutions (R4 and DSTU2), connected, listed, synced
/// and removed with the real `health` binary. No rig and no network are needed.
@Suite("health providers --sample")
struct ProvidersSampleCommandTests {
    @Test func sampleInstitutionsConnectSyncListAndRemove() async throws {
        let (directory, database) = try HealthProcess.newStore("providers-sample")
        defer { try? FileManager.default.removeItem(at: directory) }
        let r4 = try await HealthProcess.run(["providers", "connect", "--sample", "r4", "--database", database])
        #expect(r4.status == 0, "\(r4.stderr)")
        #expect(r4.stdout.contains("sample institution: OpenHealthKit Sample Hospital (FHIR R4"))
        #expect(r4.stdout.contains("  MedicationRequest: 1 pages, 2 added") && r4.stdout.contains("complete\n"), "\(r4.stdout)")
        let r4ID = try #require(r4.stdout.split(separator: "\n").last.map(String.init))
        #expect(UUID(uuidString: r4ID) != nil)

        let dstu2 = try await HealthProcess.run(["providers", "connect", "--sample", "dstu2", "--database", database])
        #expect(dstu2.status == 0, "\(dstu2.stderr)")
        #expect(dstu2.stdout.contains("  MedicationOrder: 1 pages, 1 added"), "\(dstu2.stdout)")
        #expect(dstu2.stdout.contains("  MedicationRequest: not offered by the server"))
        let dstu2ID = try #require(dstu2.stdout.split(separator: "\n").last.map(String.init))

        let rows = try HealthProcess.json(await HealthProcess.run(["providers", "list", "--format", "json", "--database", database]))
        #expect(rows.count == 2)
        for row in rows {
            let records = row["records"] as? String ?? ""
            for type in ["allergyRecord", "clinicalNoteRecord", "conditionRecord", "immunizationRecord", "labResultRecord",
                         "medicationRecord", "procedureRecord", "vitalSignRecord"] {
                #expect(records.contains(type), "\(row["institution"] ?? "?"): \(records)")
            }
        }
        #expect(r4.stdout.contains("  DocumentReference: 1 pages, 2 added"), "a note and the CDA document's reference")

        let again = try await HealthProcess.run(["providers", "sync", r4ID, "--database", database])
        #expect(again.status == 0 && again.stdout.contains("changes since last sync"), "\(again.stdout)\(again.stderr)")
        #expect(!again.stdout.contains(" 1 added") && !again.stdout.contains("replaced, 1"), "nothing new at the sample")
        let reconnected = try await HealthProcess.run(["providers", "connect", "--sample", "R4", "--database", database])
        #expect(reconnected.stdout.split(separator: "\n").last.map(String.init) == r4ID, "the same sample reuses its connection")

        let removed = try await HealthProcess.run(["providers", "remove", r4ID, "--database", database])
        #expect(removed.status == 0 && removed.stdout.range(of: #"[1-9][0-9]* records deleted"#, options: .regularExpression) != nil)
        let left = try HealthProcess.json(await HealthProcess.run(["providers", "list", "--format", "json", "--database", database]))
        #expect(left.map { $0["id"] as? String } == [dstu2ID])
        #expect((left.first?["records"] as? String)?.contains("labResultRecord") == true, "the other institution's records stay")

        let unknown = try await HealthProcess.run(["providers", "connect", "--sample", "nowhere", "--database", database])
        #expect(unknown.status == 2 && unknown.stderr.contains("the samples are r4, dstu2"))
        let mixed = try await HealthProcess.run(["providers", "connect", "https://fhir.example.org", "--sample", "r4", "--database", database])
        #expect(mixed.status == 2 && mixed.stderr.contains("--sample takes no URL"))
    }

    @Test func watchRefreshesADueConnectionAndStopsOnSIGTERM() async throws {
        let (directory, database) = try HealthProcess.newStore("providers-watch")
        defer { try? FileManager.default.removeItem(at: directory) }
        let connected = try await HealthProcess.run(["providers", "connect", "--sample", "r4", "--database", database])
        let id = try #require(connected.stdout.split(separator: "\n").last.map(String.init))
        let file = URL(fileURLWithPath: database + ".providers").appendingPathComponent(id + ".json")
        var object = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        object["nextDue"] = "2000-01-01T00:00:00Z"
        try JSONSerialization.data(withJSONObject: object).write(to: file)

        let watch = try RunningHealth(["providers", "watch", "--maximum-sleep", "1", "--database", database])
        let synced = try await watch.wait { $0.contains("\(id): changes since last sync\n") && $0.contains("complete\n") }
        #expect(synced, "the due connection was refreshed: \(watch.printed)")
        let after = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let nextDue = try #require((after["nextDue"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) })
        #expect(nextDue.timeIntervalSinceNow > 20 * 3600, "rescheduled about a day ahead")
        try await Task.sleep(nanoseconds: 1_500_000_000)  // a sleep-and-check round: nothing is due any more
        #expect(watch.printed.components(separatedBy: "complete\n").count == 2, "synced once: \(watch.printed)")

        await watch.stop(SIGTERM)
        #expect(watch.process.terminationReason == .exit && watch.process.terminationStatus == 0)
        let stopped = try await watch.wait(timeout: 5) { $0.hasSuffix("stopped\n") }
        #expect(stopped && watch.printed.hasPrefix("watching 1 connections\n"), "\(watch.printed)")
    }

    @Test func scheduleChangesTheRefreshPeriod() async throws {
        let (directory, database) = try HealthProcess.newStore("providers-schedule")
        defer { try? FileManager.default.removeItem(at: directory) }
        let connected = try await HealthProcess.run(["providers", "connect", "--sample", "dstu2", "--database", database])
        let id = try #require(connected.stdout.split(separator: "\n").last.map(String.init))
        func due() async throws -> (lastSync: Date, nextDue: Date) {
            let row = try #require(HealthProcess.json(await HealthProcess.run(["providers", "list", "--format", "json", "--database", database])).first)
            let dates = [row["lastSync"], row["nextDue"]].map { ($0 as? String).flatMap { ISO8601DateFormatter().date(from: $0) } }
            return (try #require(dates[0]), try #require(dates[1]))
        }
        let six = try await HealthProcess.run(["providers", "schedule", id, "--every", "6h", "--database", database])
        #expect(six.status == 0 && six.stdout.contains("refreshed every 6 hours"), "\(six.stdout)\(six.stderr)")
        var times = try await due()
        #expect(abs(times.nextDue.timeIntervalSince(times.lastSync) - 6 * 3600) < 2)
        let synced = try await HealthProcess.run(["providers", "sync", id, "--database", database])
        #expect(synced.status == 0)
        times = try await due()
        let gap = times.nextDue.timeIntervalSince(times.lastSync)
        #expect(gap > 0.89 * 6 * 3600 && gap < 1.11 * 6 * 3600, "the period holds for later syncs (with jitter): \(gap)")
        let back = try await HealthProcess.run(["providers", "schedule", id, "--default", "--database", database])
        #expect(back.status == 0 && back.stdout.contains("refreshed every 24 hours"))
        for bad in [["--every", "5m"], ["--every", "often"], ["--every", "0h"], []] {
            let refused = try await HealthProcess.run(["providers", "schedule", id] + bad + ["--database", database])
            #expect(refused.status == 2, "\(bad): \(refused.stderr)")
        }
        let unknown = try await HealthProcess.run(["providers", "schedule", "no-such-id", "--every", "6h", "--database", database])
        #expect(unknown.status == 1 && unknown.stderr.contains("no connection no-such-id"))
    }
}
