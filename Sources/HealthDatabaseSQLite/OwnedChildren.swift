import GRDB
import HealthDatabase

/// Children that are parts of their parent record itself (kind ``RecordKind/part``, such as a workout's activities;
/// every member of a correlation), not records that merely belong to it (samples associated with a workout, its
/// route). When a higher sync version replaces the parent, the parts are deleted with it instead of moving to the new
/// version, which brings its own (see ``HealthStorage/save(_:associating:)``).
enum OwnedChildren {
    /// Deletes the parts of the record `id` (every child when `all`), each leaving a tombstone at the next positions,
    /// after moving the children of those parts that are not parts themselves (a sample related to a workout's
    /// activity) under the record `heir`; returns the tombstones.
    @discardableResult
    static func retire(of id: Int64, all: Bool, movingTheirChildrenTo heir: Int64, _ db: Database,
                       _ next: inout Int64) throws -> [Tombstone] {
        let part = RecordKind.part.code
        try db.execute(sql: """
            UPDATE sample SET parent_id = ? WHERE kind <> ? AND parent_id IN
                (SELECT id FROM sample WHERE parent_id = ? AND (? OR kind = ?))
            """, arguments: [heir, part, id, all, part])
        try ChangeLog.prepareDoomed(db)
        try db.execute(sql: "INSERT INTO doomed (id) SELECT id FROM sample WHERE parent_id = ? AND (? OR kind = ?) ORDER BY id",
                       arguments: [id, all, part])
        return try ChangeLog.deleteDoomed(db, next: &next)
    }
}
