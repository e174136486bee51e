import Foundation
import GRDB
import HealthDatabase
@testable import HealthDatabaseSQLite
import Testing

/// What only a file store does: survive reopening, share the file, refuse bad paths and newer schemas.
struct FileStoreTests {
    static let source = SourceRecord(bundleIdentifier: "com.example.app", name: "Example")

    static func sample(_ value: Double, _ time: TimeInterval = 0, parent: UUID? = nil) -> SampleRecord {
        SampleRecord(uuid: UUID(), kind: .quantity, type: "HKQuantityTypeIdentifierStepCount",
                     startDate: Date(timeIntervalSince1970: time), endDate: Date(timeIntervalSince1970: time),
                     quantity: value, source: source, fields: ["k": .number(value)], parent: parent)
    }

    @Test func reopeningKeepsEverything() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("nested/deeper/store.sqlite")
        let kept = Self.sample(1), gone = Self.sample(2)
        let grant = AuthorizationGrant(app: "a", type: "t", access: .share, allowed: true, decidedAt: Date(timeIntervalSince1970: 5))
        do {
            let storage = try SQLiteHealthStorage(path: path)
            _ = try storage.save([kept, gone])
            _ = try storage.delete(uuids: [gone.uuid], source: nil)
            try storage.setSetting("s", to: "v")
            try storage.setGrants([grant])
        }
        let reopened = try SQLiteHealthStorage(path: path)
        #expect(try reopened.records(matching: .all, sort: [], limit: nil) == [kept])
        #expect(try reopened.changes(after: 0, matching: .all, limit: nil).changes.count == 2)
        #expect(try reopened.latestChangePosition() == 3)
        #expect(try reopened.setting("s") == "v")
        #expect(try reopened.grants(for: nil) == [grant])
        let next = Self.sample(3)
        _ = try reopened.save([next])
        #expect(try reopened.latestChangePosition() == 4, "positions continue after the tombstone")
    }

    @Test func schemaVersionIsRecordedAndNewerIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("store.sqlite")
        let storage = try SQLiteHealthStorage(path: path)
        let queue = try DatabaseQueue(path: path)
        #expect(try queue.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 3)
        #expect(try queue.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations") } == ["v1", "v2", "v3"])
        #expect(try queue.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
        let writerLimit = try storage.writer.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA journal_size_limit") }
        #expect(writerLimit == 64 << 20, "the WAL shrinks back to 64 MB after a large transaction")
        try queue.write { try $0.execute(sql: "PRAGMA user_version = 99") }
        try queue.close()
        #expect(throws: StorageError.unsupportedSchema(found: 99, supported: 3)) { try SQLiteHealthStorage(path: path) }
    }

    @Test func badPathNamesThePath() throws {
        let folder = try TemporaryFolder()
        let blocker = folder.path("file")
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let path = blocker + "/store.sqlite"
        do {
            _ = try SQLiteHealthStorage(path: path)
            Issue.record("opening under a file should fail")
        } catch let error as StorageError {
            guard case .unavailable(let message) = error else { Issue.record("got \(error)"); return }
            #expect(message.contains(path))
        }
        let notADatabase = folder.path("garbage.sqlite")
        try Data(repeating: 7, count: 4096).write(to: URL(fileURLWithPath: notADatabase))
        #expect { try SQLiteHealthStorage(path: notADatabase) } throws: { error in
            guard case .unavailable(let message)? = error as? StorageError else { return false }
            return message.contains(notADatabase)
        }
    }

    @Test func secondInstanceSeesCommittedChanges() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("store.sqlite")
        let first = try SQLiteHealthStorage(path: path)
        let second = try SQLiteHealthStorage(path: path)
        #expect(try second.latestChangePosition() == 0)
        let a = Self.sample(1)
        _ = try first.save([a])
        #expect(try second.latestChangePosition() == 1)
        #expect(try second.records(matching: .all, sort: [], limit: nil) == [a])
        // The second writes too, reusing the source row the first created, then the first sees it.
        let b = Self.sample(2)
        _ = try second.save([b])
        _ = try second.delete(uuids: [a.uuid], source: nil)
        #expect(try first.latestChangePosition() == 3)
        #expect(try first.changes(after: 1, matching: .all, limit: nil).changes.count == 2)
        #expect(try first.sources(matching: .all) == [Self.source])
    }

    @Test func foreignKeysAreEnforced() throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let orphan = Self.sample(1, parent: UUID())
        #expect(throws: StorageError.missingParent(record: orphan.uuid, parent: orphan.parent!)) { try storage.save([orphan]) }
    }
}
