import Foundation
import GRDB
import HealthDatabase
@testable import HealthDatabaseSQLite
import Testing
import TestSupport

/// `checkpointInBackground()`: the write-ahead log copied into the file on a connection of its own while the writer
/// goes on, and the store still whole and in one file after it closes.
struct BackgroundCheckpointTests {
    /// The samples in the database file itself, the log ignored (an immutable read).
    static func samplesInFile(_ path: String) throws -> Int {
        let file = try DatabaseQueue(path: "file:\(path)?immutable=1")
        defer { try? file.close() }
        return try file.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sample") ?? -1 }
    }

    static func save(_ storage: SQLiteHealthStorage, _ count: Int, from start: Int) throws {
        _ = try storage.save((start..<start + count).map { FileStoreTests.sample(Double($0), Double($0)) })
    }

    @Test func copiesTheLogIntoTheFileWhileTheWriterGoesOn() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("store.sqlite")
        do {
            let storage = try SQLiteHealthStorage(path: path)
            try storage.checkpoint()   // the schema in the file
            try Self.save(storage, 500, from: 0)
            #expect(try Self.samplesInFile(path) == 0, "SQLite's own checkpoint (at 10,000 log pages) has not run")
            storage.checkpointInBackground()
            try Self.save(storage, 500, from: 500)   // while it may still run
            storage.backgroundCheckpoint?.wait()
            #expect(try Self.samplesInFile(path) >= 500, "the first 500 are in the file")
            storage.checkpointInBackground()
            storage.backgroundCheckpoint?.wait()
            #expect(try Self.samplesInFile(path) == 1_000)
            try Self.save(storage, 500, from: 1_000)
            #expect(try storage.count(matching: .all) == 1_500)
        }
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "closed last, the writer checkpointed and removed the log")
        #expect(try Self.samplesInFile(path) == 1_500)
        #expect(try SQLiteHealthStorage(path: path).count(matching: .all) == 1_500)
    }

    @Test func everyCommitStartsOneWhenAsked() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("store.sqlite")
        do {
            let storage = try SQLiteHealthStorage(path: path)
            try storage.checkpoint()
            storage.setBackgroundCheckpoints(true)
            for page in 0..<5 {
                try Self.save(storage, 100, from: page * 100)
                storage.backgroundCheckpoint?.wait()
                #expect(try Self.samplesInFile(path) == (page + 1) * 100, "page \(page)'s commit is in the file")
            }
            storage.setBackgroundCheckpoints(false)
            try Self.save(storage, 100, from: 500)
            storage.backgroundCheckpoint?.wait()
            #expect(try Self.samplesInFile(path) == 500, "turned off: the last commit stays in the log")
        }
        #expect(try Self.samplesInFile(path) == 600)
    }

    @Test func isNothingForAStoreInMemoryOrReadOnly() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("store.sqlite")
        do { try Self.save(SQLiteHealthStorage(path: path), 10, from: 0) }
        let memory = try SQLiteHealthStorage.inMemory()
        try Self.save(memory, 10, from: 0)
        memory.checkpointInBackground()
        #expect(memory.backgroundCheckpoint == nil)
        let reading = try SQLiteHealthStorage(readingAt: path)
        reading.checkpointInBackground()
        #expect(reading.backgroundCheckpoint == nil)
        #expect(try reading.count(matching: .all) == 10)
    }
}
