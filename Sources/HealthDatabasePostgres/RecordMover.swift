import Foundation
import HealthDatabase
import PostgresNIO

/// Moves stored records under a parent, or out from under theirs, inside a write transaction (``SampleAssociation``),
/// each to a new change position. A record's position is a column of its row, and children point at their parent by
/// UUID, so a move updates one row: nothing else refers to the position. Statistics summaries need nothing: a
/// record's slot depends on its type, start and source, none of which change.
enum RecordMover {
    /// Moves `association`'s members (members already in place stay); returns the UUIDs moved, in order.
    static func move(_ association: SampleAssociation, _ transaction: WriteTransaction) throws -> [UUID] {
        guard let firstMember = association.members.first else { return [] }
        let session = transaction.session
        let owner = transaction.owner
        if let parent = association.parent {
            let exists = try session.rows(SQL("SELECT 1 FROM sample WHERE owner_id = \(owner) AND uuid = ?::uuid", [.uuid(parent)]))
            guard !exists.isEmpty else { throw StorageError.missingParent(record: firstMember, parent: parent) }
        }
        var moved: [UUID] = []
        var seen: Set<UUID> = []
        for uuid in association.members where seen.insert(uuid).inserted {
            guard let row = try session.rows(SQL("SELECT parent_uuid FROM sample WHERE owner_id = \(owner) AND uuid = ?::uuid",
                                                 [.uuid(uuid)])).first else {
                throw StorageError.missingRecord(uuid)
            }
            guard try row.decode(UUID?.self) != association.parent else { continue }
            if let parent = association.parent, try isAncestor(uuid, of: parent, transaction) {
                throw StorageError.cyclicAssociation(record: uuid, parent: parent)
            }
            try session.execute(SQL("UPDATE sample SET change_seq = ?::int8, parent_uuid = ?::uuid WHERE owner_id = \(owner) AND uuid = ?::uuid",
                                    [.int(transaction.take()), .uuid(association.parent), .uuid(uuid)]))
            moved.append(uuid)
        }
        return moved
    }

    /// Whether `record` is `parent` or one of its ancestors.
    private static func isAncestor(_ record: UUID, of parent: UUID, _ transaction: WriteTransaction) throws -> Bool {
        let owner = transaction.owner
        return try transaction.session.rows(SQL("""
            WITH RECURSIVE up(uuid) AS (SELECT ?::uuid UNION SELECT s.parent_uuid FROM sample s JOIN up
                ON s.owner_id = \(owner) AND s.uuid = up.uuid WHERE s.parent_uuid IS NOT NULL)
            SELECT EXISTS (SELECT 1 FROM up WHERE uuid = ?::uuid)
            """, [.uuid(parent), .uuid(record)])).first?.decode(Bool.self) ?? true
    }
}
