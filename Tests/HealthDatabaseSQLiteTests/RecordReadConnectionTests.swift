import Foundation
import GRDB
import HealthDatabase
@testable import HealthDatabaseSQLite
import HealthLocking
import Testing
import TestSupport

/// A file store's record reads run on one read-only connection of its own (`RecordReadConnection`): they see every
/// commit made before they start (as do its listing reads, each in one transaction on it), stay whole while writes go
/// on, survive schema changes, and the connection opens only for them, closes when idle, and closes with the store.
struct RecordReadConnectionTests {
    static let steps = "HKQuantityTypeIdentifierStepCount"

    /// The quantities a streamed read of every step sample finds, oldest first, each checked against its field.
    static func streamed(_ storage: SQLiteHealthStorage) throws -> [Double] {
        var values: [Double] = []
        try storage.forEachRecord(matching: .types([steps]), sort: [SampleSort(.startDate)], limit: nil, parts: .all) { record in
            let value = record.quantity ?? -1
            #expect(record.fields["k"] == .number(value), "sample \(value) read with fields \(record.fields)")
            values.append(value)
        }
        return values
    }

    /// The same through the listing read (`records(matching:…)`), in one transaction on the same connection.
    static func listed(_ storage: SQLiteHealthStorage) throws -> [Double] {
        try storage.records(matching: .types([steps]), sort: [SampleSort(.startDate)], limit: nil).map { record in
            let value = record.quantity ?? -1
            #expect(record.fields["k"] == .number(value), "sample \(value) listed with fields \(record.fields)")
            return value
        }
    }

    /// How many samples the connection's file holds, read on it (or on `pool` when it is busy or closed).
    static func count(_ connection: RecordReadConnection, _ pool: any DatabaseReader) throws -> Int {
        try connection.read({ db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sample") ?? -1 }, otherwise: pool)
    }

    /// A store in `folder` holding one sample, and a record-read connection on it of the test's own, swept only when the
    /// test says (its interval is an hour).
    static func storeWithOneSample(in folder: TemporaryFolder) throws -> (SQLiteHealthStorage, RecordReadConnection) {
        let path = folder.path("store.sqlite")
        let storage = try SQLiteHealthStorage(path: path)
        _ = try storage.save([FileStoreTests.sample(1, 1)])
        return (storage, RecordReadConnection(path: path, configuration: storage.writer.configuration, idleInterval: .seconds(3600)))
    }

    @Test func aReadSeesEachCommitBeforeIt() throws {
        let folder = try TemporaryFolder()
        let storage = try SQLiteHealthStorage(path: folder.path("store.sqlite"))
        var expected: [Double] = []
        for value in 0..<20 {
            #expect(try Self.streamed(storage) == expected)
            #expect(try Self.listed(storage) == expected)
            _ = try storage.save([FileStoreTests.sample(Double(value), Double(value))])
            expected.append(Double(value))
        }
        #expect(storage.recordReads?.isOpen == true)
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
        #expect(try Self.listed(reading) == [1, 2])
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
        // Readers at once: one at a time reads on the connection, the others on the pool.
        for reader in 0..<6 {
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
        #expect(try Self.listed(storage) == [1, 2])
        // As a migration by a newer OpenHealthKit would: a column added, an index made and dropped, and the field table
        // built again in new pages under its old name (a statement prepared before would read the old pages).
        let other = try DatabaseQueue(path: path)
        try other.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.inTransaction {
                try db.execute(sql: "ALTER TABLE sample ADD COLUMN unrelated INTEGER")
                try db.execute(sql: "CREATE INDEX sample_extra ON sample (quantity)")
                let create = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'field'")!
                let indexes = try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'field' AND sql IS NOT NULL")
                try db.execute(sql: "CREATE TABLE field_copy AS SELECT * FROM field")
                try db.execute(sql: "DROP TABLE field")
                try db.execute(sql: create)
                try db.execute(sql: "INSERT INTO field SELECT * FROM field_copy")
                try db.execute(sql: "DROP TABLE field_copy")
                for index in indexes { try db.execute(sql: index) }
                return .commit
            }
        }
        #expect(try Self.streamed(storage) == [1, 2])
        #expect(try Self.listed(storage) == [1, 2])
        try other.write { db in try db.execute(sql: "DROP INDEX sample_extra") }
        _ = try storage.save([FileStoreTests.sample(3, 3)])
        #expect(try Self.streamed(storage) == [1, 2, 3])
        #expect(try Self.listed(storage) == [1, 2, 3])
    }

    @Test func theConnectionOpensOnlyForRecordReadsAndClosesWithTheStore() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("store.sqlite")
        var storage: SQLiteHealthStorage? = try SQLiteHealthStorage(path: path)
        _ = try storage?.save([FileStoreTests.sample(1, 1)])
        #expect(try storage?.count(matching: .all) == 1)
        #expect(try storage?.latestChangePosition() == 1)
        #expect(storage?.recordReads?.isOpen == false, "no record read yet")
        #expect(try storage.map(Self.streamed) == [1])
        #expect(storage?.recordReads?.isOpen == true)
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        storage = nil
        // SQLite removes the log when the last connection to the file closes: the store left none open.
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(try Self.streamed(SQLiteHealthStorage(path: path)) == [1])
    }

    @Test func theConnectionClosesWhenASweepFindsItUnusedSinceTheSweepBefore() throws {
        let folder = try TemporaryFolder()
        let (storage, connection) = try Self.storeWithOneSample(in: folder)
        connection.sweep()
        #expect(!connection.isOpen, "nothing opens it but a read")
        #expect(try Self.count(connection, storage.writer) == 1)
        #expect(connection.isOpen)
        connection.sweep()
        #expect(connection.isOpen, "used since the sweep before")
        #expect(try Self.count(connection, storage.writer) == 1)
        connection.sweep()
        #expect(connection.isOpen, "used since the sweep before")
        connection.sweep()
        #expect(!connection.isOpen, "idle since the sweep before")
        _ = try storage.save([FileStoreTests.sample(2, 2)])
        #expect(try Self.count(connection, storage.writer) == 2, "a read opens it again")
        #expect(connection.isOpen)
        connection.close()
        #expect(!connection.isOpen)
        #expect(try Self.count(connection, storage.writer) == 2, "after the close a read goes to the pool")
        #expect(!connection.isOpen)
    }

    @Test func aReadWhileTheConnectionIsBusyGoesToThePool() throws {
        let folder = try TemporaryFolder()
        let (storage, connection) = try Self.storeWithOneSample(in: folder)
        let inner = Locked<Int?>(nil)
        let outer = try connection.read({ db in
            // A second read from another thread, while this one holds the connection: it must not wait for it.
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                inner.withLock { $0 = try? Self.count(connection, storage.writer) }
                done.signal()
            }
            #expect(done.wait(timeout: .now() + 60) == .success, "the second read waited for the first")
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM sample")
        }, otherwise: storage.writer)
        #expect(outer == 1)
        #expect(inner.current == 1)
    }
}
