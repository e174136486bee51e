import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import Testing
import TestSupport

/// Readers on their own threads keep reading consistent snapshots while a writer writes.
struct ConcurrencyTests {
    @Test func readersRunWhileAWriterWrites() async throws {
        let folder = try TemporaryFolder()
        let storage = try SQLiteHealthStorage(path: folder.path("store.sqlite"))
        let batches = 40, perBatch = 250
        let failures = Failures()
        let group = DispatchGroup()

        DispatchQueue.global().async(group: group) {
            for batch in 0..<batches {
                let records = (0..<perBatch).map { FileStoreTests.sample(Double($0), Double(batch * perBatch + $0)) }
                do { _ = try storage.save(records) } catch { failures.add("writer: \(error)") }
            }
        }
        for reader in 0..<4 {
            DispatchQueue.global().async(group: group) {
                var last = 0
                for _ in 0..<200 {
                    do {
                        let count = try storage.count(matching: .all)
                        // A snapshot holds whole batches only, and never goes back.
                        if count % perBatch != 0 { failures.add("reader \(reader) saw a partial batch: \(count)") }
                        if count < last { failures.add("reader \(reader) went back from \(last) to \(count)") }
                        last = count
                        let batch = try storage.changes(after: 0, matching: .all, limit: 10)
                        if count > 0 && batch.changes.count != 10 { failures.add("reader \(reader) read \(batch.changes.count) changes") }
                    } catch {
                        failures.add("reader \(reader): \(error)")
                    }
                }
            }
        }
        await BlockingWork.run { group.wait() }
        #expect(failures.messages.isEmpty, "\(failures.messages.prefix(5))")
        #expect(try storage.count(matching: .all) == batches * perBatch)
    }
}

/// Failure messages collected from several threads.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    func add(_ message: String) { lock.withLock { list.append(message) } }
    var messages: [String] { lock.withLock { list } }
}
