import Foundation
import TestSupport
import OpenHealthKit
import OpenHealthKitSQLite
import Testing

/// Long-running queries in this process, fed by `health add` running as a separate process on the same file.
@Suite("Queries see commits from another process")
struct CrossProcessTests {
    /// Collects values from background handlers.
    final class Inbox<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [Value] = []
        func add(_ value: Value) { lock.withLock { items.append(value) } }
        var values: [Value] { lock.withLock { items } }

        /// Waits until at least `count` values arrived, or `seconds` passed.
        func wait(for count: Int, seconds: Double = 10) async -> [Value] {
            let deadline = Date().addingTimeInterval(seconds)
            while values.count < count, Date() < deadline { try? await Task.sleep(nanoseconds: 20_000_000) }
            return values
        }
    }

    let database = TemporaryFiles.folder.appendingPathComponent("cross-\(UUID().uuidString)/health.sqlite").path

    @Test func observerAndAnchoredQueriesFireForAnotherProcessesSave() async throws {
        let store = try HKHealthStore.owner(databasePath: database)
        store.changePollingInterval = 0.02
        let observed = Inbox<Int>()
        let observer = HKObserverQuery(sampleType: HKQuantityType(.stepCount), predicate: nil) { _, completion, error in
            if error == nil { observed.add(1) }
            completion()
        }
        let added = Inbox<String>()
        let anchored = HKAnchoredObjectQuery(type: HKQuantityType(.stepCount), predicate: nil, anchor: nil,
                                             limit: HKObjectQueryNoLimit) { _, samples, _, _, _ in
            samples?.forEach { added.add($0.uuid.uuidString) }
        }
        anchored.updateHandler = { _, samples, _, _, _ in samples?.forEach { added.add($0.uuid.uuidString) } }
        store.execute(observer)
        store.execute(anchored)
        #expect(await observed.wait(for: 1).count == 1)  // the call every observer query gets when it starts

        let result = try await HealthProcess.run(["add", "stepCount", "250", "--database", database])
        #expect(result.status == 0)
        let uuid = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(await observed.wait(for: 2).count == 2)
        #expect(await added.wait(for: 1) == [uuid])

        let other = try await HealthProcess.run(["add", "heartRate", "64", "--unit", "count/min", "--database", database])
        #expect(other.status == 0)
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(observed.values.count == 2)  // a heart-rate save is not a step-count change
        store.stop(observer)
        store.stop(anchored)
    }

    @Test func addRejectsBadValuesWithoutStoringAnything() async throws {
        let notNumber = try await HealthProcess.run(["add", "bodyMass", "heavy", "--database", database])
        #expect(notNumber.status == 2 && notNumber.stderr == "health: \"heavy\" is not a number\n")
        let wrongUnit = try await HealthProcess.run(["add", "stepCount", "10", "--unit", "kg", "--database", database])
        #expect(wrongUnit.status == 2 && wrongUnit.stderr.contains("does not fit stepCount"))
        let badCategory = try await HealthProcess.run(["add", "sleepAnalysis", "dozing", "--database", database])
        #expect(badCategory.status == 2 && badCategory.stderr.contains("AsleepCore"))
        // Nothing was stored, not even a database file: reading says so and names the path.
        let changes = try await HealthProcess.run(["changes", "--format", "json", "--database", database])
        #expect(changes.status == 1 && changes.stderr.contains("there is no health database at \(database)"))
        #expect(!FileManager.default.fileExists(atPath: database))
    }
}
