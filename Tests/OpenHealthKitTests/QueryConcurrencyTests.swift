import Foundation
import OpenHealthKit
import OpenHealthKitTestSupport
import Testing

@Suite struct QueryConcurrencyTests {
    typealias F = StoreFixture
    typealias Q = QueryFixture

    @Test func readersSeeWholeCommitsWhileAnotherStoreWrites() async throws {
        let (reader, writer) = try await Q.twoStores()
        let batches = 20, perBatch = 10
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for batch in 0..<batches {
                    try await writer.save((0..<perBatch).map { Q.steps(1, minutes: Double(batch * perBatch + $0)) })
                }
            }
            for _ in 0..<4 {
                group.addTask {
                    var last = 0
                    for _ in 0..<15 {
                        let count = try await Q.samples(reader).count
                        #expect(count % perBatch == 0, "a reader saw part of a commit: \(count)")
                        #expect(count >= last)
                        last = count
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await Q.samples(reader).count == batches * perBatch)
    }

    @Test func manyLongRunningQueriesShareOnePollerAndAllStop() async throws {
        let (observer, writer) = try await Q.twoStores()
        let recorder = EventRecorder<Int>()
        let queries = (0..<8).map { index in
            HKObserverQuery(sampleType: F.stepCount, predicate: nil) { _, completion, _ in
                recorder.record(index)
                completion()
            }
        }
        queries.forEach(observer.execute)
        #expect(await recorder.wait(for: 8).count == 8)
        try await writer.save(Q.steps(1))
        // Each query is called once when it starts and once for the save.
        let events = await recorder.wait(for: 16)
        #expect(events.count == 16 && Set(events).count == 8)
        queries.forEach(observer.stop)
        let driven = try DrivenMonitor(observer)
        try await writer.save(Q.steps(2))
        driven.step()
        #expect(recorder.events.count == 16)
    }
}
