import Foundation
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

    let database = FileManager.default.temporaryDirectory.appendingPathComponent("cross-\(UUID().uuidString)/health.sqlite").path

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

        let result = try HealthProcess.run(["add", "stepCount", "250", "--database", database])
        #expect(result.status == 0)
        let uuid = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(await observed.wait(for: 2).count == 2)
        #expect(await added.wait(for: 1) == [uuid])

        let other = try HealthProcess.run(["add", "heartRate", "64", "--unit", "count/min", "--database", database])
        #expect(other.status == 0)
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(observed.values.count == 2)  // a heart-rate save is not a step-count change
        store.stop(observer)
        store.stop(anchored)
    }

    @Test func addRejectsBadValuesWithoutStoringAnything() throws {
        let notNumber = try HealthProcess.run(["add", "bodyMass", "heavy", "--database", database])
        #expect(notNumber.status == 2 && notNumber.stderr == "health: \"heavy\" is not a number\n")
        let wrongUnit = try HealthProcess.run(["add", "stepCount", "10", "--unit", "kg", "--database", database])
        #expect(wrongUnit.status == 2 && wrongUnit.stderr.contains("HKQuantityTypeIdentifierStepCount"))
        let badCategory = try HealthProcess.run(["add", "sleepAnalysis", "dozing", "--database", database])
        #expect(badCategory.status == 2 && badCategory.stderr.contains("AsleepCore"))
        let changes = try HealthProcess.run(["changes", "--format", "json", "--database", database])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(changes.stdout.utf8)) as? [String: Any])
        #expect((object["changes"] as? [Any])?.isEmpty == true)
        #expect(object["anchor"] as? Int == 0)
    }
}
