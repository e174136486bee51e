import Foundation
import HealthDatabase
import HealthDatabasePostgres
import Testing
import TestSupport

/// Two writers for one person, each with its own database object (its own pool and listener, as two server processes
/// would have), while a reader follows the change log by anchor: the reader must see every change exactly once.
@Suite(.enabled(if: TestServer.available, Comment(rawValue: TestPostgres.missingMessage)))
struct ConcurrentWriterTests {
    /// UUIDs in the order they were written or seen, and what went wrong on other threads (reported by the test).
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var uuids: [UUID] = []
        private var finished = false
        private var problems: [String] = []
        func fail(_ problem: String) { lock.withLock { problems.append(problem) } }
        var failures: [String] { lock.withLock { problems } }
        func append(_ more: [UUID]) { lock.withLock { uuids += more } }
        var all: [UUID] { lock.withLock { uuids } }
        var done: Bool {
            get { lock.withLock { finished } }
            set { lock.withLock { finished = newValue } }
        }
    }

    @Test("anchored reads during two processes' writes skip and repeat nothing")
    func anchorsUnderConcurrentWriters() async throws {
        let owner = "concurrent-" + UUID().uuidString
        let writers = try (0..<2).map { _ in try TestServer.separateDatabase().storage(owner: owner) }
        let reader = try TestServer.separateDatabase().storage(owner: owner)
        let batches = 40, perBatch = 25
        let written = Seen(), seen = Seen()
        let group = DispatchGroup()
        for (index, writer) in writers.enumerated() {
            DispatchQueue.global().async(group: group) {
                for batch in 0..<batches {
                    let records = (0..<perBatch).map { OwnerIsolationTests.sample(Double(index * 100_000 + batch * perBatch + $0)) }
                    do {
                        _ = try writer.save(records)
                        written.append(records.map(\.uuid))
                        // Some deletions too: a tombstone is a change like any other.
                        if batch % 10 == 9 {
                            let tombstones = try writer.delete(uuids: [records[0].uuid], source: nil)
                            written.append(tombstones.map(\.uuid))
                        }
                    } catch {
                        written.fail("writer \(index): \(error)")
                        return
                    }
                }
            }
        }
        let readerDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            defer { readerDone.signal() }
            var anchor: Int64 = 0
            var idle = 0
            while idle < 3 {
                do {
                    let batch = try reader.changes(after: anchor, matching: .all, limit: 37)
                    if batch.anchor < anchor { seen.fail("the anchor went back from \(anchor) to \(batch.anchor)") }
                    anchor = batch.anchor
                    seen.append(batch.changes.map { change in
                        switch change {
                        case .saved(let record): record.uuid
                        case .deleted(let tombstone): tombstone.uuid
                        }
                    })
                    if batch.changes.isEmpty { idle = seen.done ? idle + 1 : 0; Thread.sleep(forTimeInterval: 0.002) }
                } catch {
                    seen.fail("reader: \(error)")
                    return
                }
            }
        }
        await BlockingWork.run { group.wait() }
        seen.done = true
        await BlockingWork.run { readerDone.wait() }
        #expect(written.failures.isEmpty && seen.failures.isEmpty, "\(written.failures + seen.failures)")
        // Every save and every deletion reached the reader once: a record deleted before the reader got to it shows up
        // as its tombstone only, so each UUID appears once or twice (saved, then deleted), and never more.
        let counts = Dictionary(seen.all.map { ($0, 1) }, uniquingKeysWith: +)
        #expect(Set(seen.all) == Set(written.all), "the reader saw exactly the changes written")
        #expect(counts.values.allSatisfy { $0 <= 2 })
        let deleted = Set(written.all.filter { uuid in written.all.filter { $0 == uuid }.count == 2 })
        #expect(counts.filter { $0.value == 2 }.keys.allSatisfy(deleted.contains), "only deleted records appear twice")
        let log = try reader.changes(after: 0, matching: .all, limit: nil)
        #expect(log.changes.count == batches * perBatch * 2, "every record once, deleted ones as their tombstone")
        #expect(log.anchor == (try reader.latestChangePosition()))
        #expect(log.anchor == Int64(batches * perBatch * 2 + batches / 10 * 2), "positions are dense: none lost or taken twice")
    }
}
