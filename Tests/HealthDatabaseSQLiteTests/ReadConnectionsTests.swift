import Foundation
import GRDB
import HealthDatabase
import HealthDatabaseSQLite
import Testing
import TestSupport

/// A file store's streamed reads run on read-only connections of its own (`ReadConnections`): they see every commit
/// made before they start (as do its listing reads, each in one transaction on them), stay whole while writes go on,
/// survive schema changes, and close with the store.
struct ReadConnectionsTests {
    static let steps = "HKQuantityTypeIdentifierStepCount"

    /// The quantities a streamed read of every step sample finds, oldest first, each checked against its field.
    static func streamed(_ storage: SQLiteHealthStorage) throws -> [Double] {
        var values: [Double] = []
        let sort = [SampleSort(.startDate)]
        try storage.forEachRecord(matching: .types([steps]), sort: sort, limit: nil, parts: .all) { record in
            let value = record.quantity ?? -1
            #expect(record.fields["k"] == .number(value), "sample \(value) read with fields \(record.fields)")
            values.append(value)
        }
        return values
    }

    /// The same through the listing read (`records(matching:…)`), in one transaction on the same connections.
    static func listed(_ storage: SQLiteHealthStorage) throws -> [Double] {
        try storage.records(matching: .types([steps]), sort: [SampleSort(.startDate)], limit: nil).map { record in
            let value = record.quantity ?? -1
            #expect(record.fields["k"] == .number(value), "sample \(value) listed with fields \(record.fields)")
            return value
        }
    }

    @Test func aStreamedReadSeesEachCommitBeforeIt() throws {
        let folder = try TemporaryFolder()
        let storage = try SQLiteHealthStorage(path: folder.path("store.sqlite"))
        var expected: [Double] = []
        for value in 0..<20 {
            #expect(try Self.streamed(storage) == expected)
            #expect(try Self.listed(storage) == expected)
            _ = try storage.save([FileStoreTests.sample(Double(value), Double(value))])
            expected.append(Double(value))
        }
        _ = try storage.delete(matching: .all)
        #expect(try Self.streamed(storage) == [])
    }

    @Test func anotherInstancesCommitsAreReadThroughAReadOnlyStore() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("store.sqlite")
        let writing = try SQLiteHealthStorage(path: path)
        _ = try writing.save([FileStoreTests.sample(1, 1)])
        let reading = try SQLiteHealthStorage(readingAt: path)
        #expect(try Self.streamed(reading) == [1])
        _ = try writing.save([FileStoreTests.sample(2, 2)])
        #expect(try Self.streamed(reading) == [1, 2])
    }

    @Test func readsStayWholeWhileAWriterWrites() async throws {
        let folder = try TemporaryFolder()
        let storage = try SQLiteHealthStorage(path: folder.path("store.sqlite"))
        let batches = 30, perBatch = 100
        let failures = Failures()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            for batch in 0..<batches {
                let records = (0..<perBatch).map { index in
                    let value = Double(batch * perBatch + index)
                    return FileStoreTests.sample(value, value)
                }
                do { _ = try storage.save(records) } catch { failures.add("writer: \(error)") }
            }
        }
        // More readers than the store keeps connections (GRDB's default of 5): some reads go to the pool.
        for reader in 0..<8 {
            DispatchQueue.global().async(group: group) {
                var last = 0
                for read in 0..<40 {
                    do {
                        let values = try read % 2 == 0 ? Self.streamed(storage) : Self.listed(storage)
                        // A read holds whole batches in order, and never goes back.
                        if values != (0..<values.count).map(Double.init) || values.count % perBatch != 0 {
                            failures.add("reader \(reader) read \(values.count) samples, not whole batches in order")
                        }
                        if values.count < last {
                            failures.add("reader \(reader) went back from \(last) to \(values.count)")
                        }
                        last = values.count
                    } catch {
                        failures.add("reader \(reader): \(error)")
                    }
                }
            }
        }
        await BlockingWork.run { group.wait() }
        #expect(failures.messages.isEmpty, "\(failures.messages.prefix(5))")
        #expect(try Self.streamed(storage).count == batches * perBatch)
    }

    @Test func aSchemaChangedByAnotherConnectionIsReadThrough() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("store.sqlite")
        let storage = try SQLiteHealthStorage(path: path)
        _ = try storage.save([FileStoreTests.sample(1, 1), FileStoreTests.sample(2, 2)])
        #expect(try Self.streamed(storage) == [1, 2])
        let other = try DatabaseQueue(path: path)
        try other.write { db in
            try db.execute(sql: "CREATE TABLE unrelated (x INTEGER)")
            try db.execute(sql: "CREATE INDEX sample_extra ON sample (quantity)")
        }
        #expect(try Self.streamed(storage) == [1, 2])
        try other.write { db in try db.execute(sql: "DROP INDEX sample_extra") }
        _ = try storage.save([FileStoreTests.sample(3, 3)])
        #expect(try Self.streamed(storage) == [1, 2, 3])
    }

    @Test func theConnectionsCloseWithTheStore() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("store.sqlite")
        var storage: SQLiteHealthStorage? = try SQLiteHealthStorage(path: path)
        _ = try storage?.save([FileStoreTests.sample(1, 1)])
        #expect(try storage.map(Self.streamed) == [1])
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        storage = nil
        // SQLite removes the log when the last connection to the file closes: none of the store's is left open.
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(try Self.streamed(SQLiteHealthStorage(path: path)) == [1])
    }
}
