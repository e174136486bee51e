import Foundation
import GRDB
import HealthDatabase

/// Moves stored records under a parent, or out from under theirs, inside a write transaction (``SampleAssociation``),
/// each to a new change position.
///
/// A record's change position is its row id, so moving a record re-keys its row: `sample.id` takes the next
/// position and everything that refers to the old id follows (its fields, its own children, its statistics raw
/// row). Foreign keys are deferred to the commit for that, since the row and the rows pointing at it change one
/// statement apart. The statistics summaries need nothing else: a record's slot depends on its type, start and
/// source, none of which change.
enum RecordMover {
    private static let findSQL = "SELECT id, parent_id FROM sample WHERE uuid = ?"
    private static let parentSQL = "SELECT id FROM sample WHERE uuid = ?"
    /// Whether record `?1` is record `?2` or one of its ancestors.
    private static let ancestorSQL = """
        WITH RECURSIVE up(id) AS (SELECT ?2 UNION SELECT s.parent_id FROM sample s JOIN up ON s.id = up.id
                                  WHERE s.parent_id IS NOT NULL)
        SELECT EXISTS (SELECT 1 FROM up WHERE id = ?1)
        """

    /// Moves `association`'s members under its parent (out from under theirs when it has none); `next` is the next
    /// change position and advances. Returns the UUIDs moved, in order (members already in place are not).
    static func move(_ association: SampleAssociation, _ db: Database, next: inout Int64) throws -> [UUID] {
        guard let firstMember = association.members.first else { return [] }
        var parentID: Int64?
        if let parent = association.parent {
            guard let id = try Int64.fetchOne(db.cachedStatement(sql: parentSQL), arguments: [parent]) else {
                throw StorageError.missingParent(record: firstMember, parent: parent)
            }
            parentID = id
        }
        try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
        let statistics = try db.tableExists("stat_raw")
        var moved: [UUID] = []
        var seen: Set<UUID> = []
        for uuid in association.members where seen.insert(uuid).inserted {
            guard let row = try Row.fetchOne(db.cachedStatement(sql: findSQL), arguments: [uuid]) else {
                throw StorageError.missingRecord(uuid)
            }
            let id: Int64 = row[0]
            guard row[1] as Int64? != parentID else { continue }
            if let parentID, let parent = association.parent,
               try Bool.fetchOne(db.cachedStatement(sql: ancestorSQL), arguments: [id, parentID]) != false {
                throw StorageError.cyclicAssociation(record: uuid, parent: parent)
            }
            let position = next
            next += 1
            try rekey(id, to: position, parent: parentID, statistics: statistics, db)
            moved.append(uuid)
        }
        return moved
    }

    /// Gives row `id` the id `position` and the parent `parent`, and points every reference to it at the new id.
    private static func rekey(_ id: Int64, to position: Int64, parent: Int64?, statistics: Bool, _ db: Database) throws {
        let arguments: StatementArguments = [position, id]
        try db.execute(sql: "UPDATE sample SET id = ?, parent_id = ? WHERE id = ?", arguments: [position, parent, id])
        try db.execute(sql: "UPDATE field SET sample_id = ? WHERE sample_id = ?", arguments: arguments)
        try db.execute(sql: "UPDATE sample SET parent_id = ? WHERE parent_id = ?", arguments: arguments)
        if statistics {
            try db.execute(sql: "UPDATE stat_raw SET sample_id = ? WHERE sample_id = ?", arguments: arguments)
        }
    }
}
