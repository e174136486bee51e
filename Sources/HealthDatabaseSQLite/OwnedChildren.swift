import GRDB
import HealthDatabase

/// Children that are parts of their parent record itself (a workout's activities, kind `.other`; a
/// correlation's members), not records that merely belong to it. When a higher sync version replaces the
/// parent, they are deleted with it instead of moving to the new version, which brings its own (see
/// ``HealthStorage/save(_:)``).
enum OwnedChildren {
    /// Deletes the `.other` children of the record `id` (every child when `all`), and their own children,
    /// each leaving a tombstone at the next positions; returns the tombstones.
    @discardableResult
    static func retire(of id: Int64, all: Bool, _ db: Database, _ next: inout Int64) throws -> [Tombstone] {
        try ChangeLog.prepareDoomed(db)
        try db.execute(sql: "INSERT INTO doomed (id) SELECT id FROM sample WHERE parent_id = ? AND (? OR kind = ?) ORDER BY id",
                       arguments: [id, all, RecordKind.other.code])
        return try ChangeLog.deleteDoomed(db, next: &next)
    }
}
