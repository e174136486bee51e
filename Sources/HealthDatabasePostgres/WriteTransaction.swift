import Foundation
import HealthDatabase
import PostgresNIO

/// One write transaction of one owner's store, between the lock on the owner's counter row and the commit.
///
/// Change positions are handed out in order from the counter row (`owner_state.last_change`), which the transaction
/// holds locked from its first statement to its commit: a second writer for the same owner waits for the first to
/// commit and then continues after its positions, so positions are taken in commit order and a reader never sees a
/// position before the ones below it are visible (a sequence could not promise that). Other owners' writers never
/// wait. The deletion marks of the statistics summaries come from the same row.
final class WriteTransaction {
    let session: Session
    let owner: Int64
    /// The position the next change takes.
    private(set) var next: Int64
    /// The deletion mark the next deleted quantity sample's slots take (``SlotSumStorage/deletedSlots(after:)``).
    var nextDeletedMark: Int64
    /// Whether the owner keeps statistics summaries, which every write then maintains.
    let summaries: Bool
    private let first: Int64
    private let firstDeletedMark: Int64

    /// Locks `owner`'s counter row in the transaction `session` is in.
    init(session: Session, owner: Int64) throws {
        self.session = session
        self.owner = owner
        guard let row = try session.rows(SQL("""
            SELECT last_change, last_deleted_slot, summaries FROM owner_state WHERE owner_id = \(owner) FOR UPDATE
            """)).first else {
            throw StorageError.unavailable("owner \(owner) has no counter row in owner_state")
        }
        let (last, deleted, summaries) = try row.decode((Int64, Int64, Bool).self)
        next = last + 1
        first = next
        nextDeletedMark = deleted + 1
        firstDeletedMark = nextDeletedMark
        self.summaries = summaries
    }

    /// Takes the next change position.
    func take() -> Int64 {
        defer { next += 1 }
        return next
    }

    /// Takes `count` consecutive positions; returns the first.
    func take(_ count: Int) -> Int64 {
        defer { next += Int64(count) }
        return next
    }

    /// The newest position once this transaction commits.
    var latest: Int64 { next - 1 }

    /// Writes the counters back and queues the commit's notification (sent by PostgreSQL only if it commits).
    func finish(channel: String, origin: String) throws {
        if next != first || nextDeletedMark != firstDeletedMark {
            try session.execute(SQL("UPDATE owner_state SET last_change = ?, last_deleted_slot = ? WHERE owner_id = \(owner)",
                                    [.int(latest), .int(nextDeletedMark - 1)]))
        }
        try session.execute(SQL("SELECT pg_notify(?, ?)", [
            .text(channel), .text(ChangeListener.payload(owner: owner, position: latest, origin: origin)),
        ]))
    }
}
