import Foundation
import GRDB
import HealthDatabase
@testable import HealthDatabaseSQLite
import Testing

/// Schema version 2 files kept a workout's activity records as kind `other`; they open as version 3 with those
/// records as parts, so replacing the workout by a higher sync version deletes them and keeps its route.
struct MigrationVersion3Tests {
    static let app = SourceRecord(bundleIdentifier: "com.example.app", name: "Example")
    static func date(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }

    static func workout(version: Int64) -> SampleRecord {
        SampleRecord(uuid: UUID(), kind: .workout, type: "HKWorkoutTypeIdentifier", startDate: date(0), endDate: date(3600),
                     source: app, syncIdentifier: "ride", syncVersion: version, payload: Data("workout".utf8))
    }

    static func child(of parent: UUID, kind: RecordKind, type: String) -> SampleRecord {
        SampleRecord(uuid: UUID(), kind: kind, type: type, startDate: date(0), endDate: date(3600), source: app, parent: parent)
    }

    @Test func activityRecordsOfAVersion2FileBecomeParts() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("v2.sqlite")
        let old = Self.workout(version: 1)
        let activity = Self.child(of: old.uuid, kind: .part, type: "HKWorkoutActivity")
        let route = Self.child(of: old.uuid, kind: .other, type: "HKWorkoutRouteTypeIdentifier")
        let element = Self.child(of: old.uuid, kind: .other, type: "HKDataTypeIdentifierHeartbeatSeries")
        _ = try SQLiteHealthStorage(path: path).save([old, activity, route, element])
        // Make it a version 2 file: activities were `other` (8) then.
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "UPDATE sample SET kind = 8 WHERE kind = 9")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v3'")
            try db.execute(sql: "PRAGMA user_version = 2")
        }
        try queue.close()

        let storage = try SQLiteHealthStorage(path: path)
        #expect(try storage.records(matching: .kinds([.part]), sort: [], limit: nil) == [activity])
        #expect(try storage.records(matching: .kinds([.other]), sort: [], limit: nil) == [route, element])
        let new = Self.workout(version: 2)
        let outcome = try storage.save([new])
        #expect(outcome.replaced.map(\.uuid) == [old.uuid])
        #expect(try storage.records(matching: .parent(new.uuid), sort: [], limit: nil).map(\.uuid) == [route.uuid, element.uuid])
        #expect(try storage.count(matching: .uuids([activity.uuid])) == 0)
        let check = try DatabaseQueue(path: path)
        try check.read { db throws in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == 3)
        }
        try check.close()
    }
}
