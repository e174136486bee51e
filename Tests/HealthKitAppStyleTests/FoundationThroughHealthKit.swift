// Written as an iOS app's file is: `import HealthKit` is the only import (besides the test framework), yet Foundation
// and Dispatch are in scope, because on Apple platforms HealthKit re-exports Foundation.
import HealthKit
import Testing

@Suite("import HealthKit brings Foundation and Dispatch")
struct FoundationThroughHealthKit {
    @Test func foundationTypesAreVisible() throws {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        var components = DateComponents()
        components.day = 1
        let calendar = Calendar(identifier: .gregorian)
        let end = try #require(calendar.date(byAdding: components, to: start))
        let predicate: NSPredicate = HKQuery.predicateForSamples(withStart: start, end: end, options: .strictStartDate)
        let sort = NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)
        let id = UUID()
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy"
        formatter.timeZone = TimeZone(identifier: "UTC")
        #expect(end.timeIntervalSince(start) == 86_400)
        #expect(sort.ascending == false)
        #expect(id.uuidString.count == 36)
        #expect(formatter.string(from: start) == "2023")
        #expect(predicate.description.isEmpty == false)
        #expect(NSNumber(value: 3).intValue == 3)
    }

    @Test func dispatchIsVisible() async {
        let group = DispatchGroup()
        let queue = DispatchQueue(label: "app.healthkit.serial")
        let counter = Counter()
        for _ in 0..<5 {
            group.enter()
            queue.async { counter.increment(); group.leave() }
        }
        await withCheckedContinuation { continuation in
            group.notify(queue: .global()) { continuation.resume() }
        }
        #expect(counter.value == 5)
        let semaphore = DispatchSemaphore(value: 0)
        DispatchQueue.global(qos: .userInitiated).async { semaphore.signal() }
        // Darwin's nanosecond constants, which HealthKit code on iOS uses with DispatchTime.
        #expect(semaphore.wait(timeout: .now() + .nanoseconds(Int(5 * NSEC_PER_SEC))) == .success)
        #expect(NSEC_PER_SEC == 1_000_000_000 && NSEC_PER_MSEC == 1_000_000 && USEC_PER_SEC == 1_000_000)
    }
}

/// A counter the test's serial queue increments (reads happen after the group finished).
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
