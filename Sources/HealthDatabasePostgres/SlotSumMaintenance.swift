import Foundation
import HealthDatabase

/// The statistics summaries (``SlotSumStorage``) of one owner, kept by the engine in the transaction of every write
/// once the owner's `owner_state.summaries` is set (the SQLite engine keeps the same tables by triggers; Citus does
/// not run triggers on distributed tables, so here the writes do it):
///
/// - `stat_slot (type_id, slot, source_id, total, n)`: the sum and count of the quantity samples wholly inside each
///   15-minute UTC slot, per type and source revision;
/// - `stat_raw`: quantity samples that cross a slot edge or carry `HKWasUserEntered = 1` (statistics read them);
/// - `stat_deleted (seq, type_id, first_slot, last_slot)`: the slots of deleted quantity samples, `seq` from the
///   owner's deletion mark counter.
enum SlotSumMaintenance {
    /// `floor(x / 900)`, the slot of a time.
    static func slot(_ x: String) -> String { "floor(\(x) / 900)::int8" }

    /// Whether sample `s` is summed into its slot rather than listed as raw.
    private static let summed = """
        s.end_time <= (floor(s.start_time / 900) + 1) * 900 AND NOT EXISTS (SELECT 1 FROM field f
            WHERE f.owner_id = s.owner_id AND f.sample_uuid = s.uuid AND f.key = 'HKWasUserEntered' AND f.num = 1)
        """

    /// Adds the quantity samples of `scope` (a condition on `s`, e.g. the UUIDs just inserted) to the summaries.
    private static func add(_ scope: SQL, _ transaction: WriteTransaction) throws {
        let owner = transaction.owner
        let quantity = RecordKind.quantity.code
        try transaction.session.execute(SQL("""
            INSERT INTO stat_raw (owner_id, sample_uuid, type_id, start_time, end_time)
            SELECT \(owner), s.uuid, s.type_id, s.start_time, s.end_time FROM sample s
            WHERE s.owner_id = \(owner) AND s.kind = \(quantity) AND NOT (\(summed)) AND (
            """) + scope + SQL(")"))
        try transaction.session.execute(SQL("""
            INSERT INTO stat_slot (owner_id, type_id, slot, source_id, total, n)
            SELECT \(owner), s.type_id, \(slot("s.start_time")), s.source_id, sum(coalesce(s.quantity, 0)), count(*) FROM sample s
            WHERE s.owner_id = \(owner) AND s.kind = \(quantity) AND \(summed) AND (
            """) + scope + SQL("""
            ) GROUP BY 2, 3, 4
            ON CONFLICT (owner_id, type_id, slot, source_id) DO UPDATE SET total = stat_slot.total + excluded.total, n = stat_slot.n + excluded.n
            """))
    }

    /// Summarises every sample of the owner and marks the owner as keeping summaries, unless it does already.
    static func install(_ transaction: WriteTransaction) throws {
        guard !transaction.summaries else { return }
        try add(.always, transaction)
        try transaction.session.execute(SQL("UPDATE owner_state SET summaries = true WHERE owner_id = \(transaction.owner)"))
    }

    /// Adds the samples `uuids`, just inserted with their fields.
    static func added(_ uuids: [UUID], _ transaction: WriteTransaction) throws {
        try add(SQL("s.uuid = ANY(?::uuid[])", [.uuids(uuids)]), transaction)
    }

    /// Takes the samples `uuids`, about to be deleted, out of the summaries and records their slots as deleted (in
    /// the given order). Their `stat_raw` rows go with them (a foreign key cascades).
    static func removing(_ uuids: [UUID], _ transaction: WriteTransaction) throws {
        let owner = transaction.owner
        let quantity = RecordKind.quantity.code
        let gone = SQL("""
            WITH gone AS (SELECT s.type_id, \(slot("s.start_time")) AS slot, s.source_id, sum(coalesce(s.quantity, 0)) AS total,
                count(*) AS n FROM sample s
                WHERE s.owner_id = \(owner) AND s.uuid = ANY(?::uuid[]) AND s.kind = \(quantity)
                AND NOT EXISTS (SELECT 1 FROM stat_raw r WHERE r.owner_id = \(owner) AND r.sample_uuid = s.uuid)
                GROUP BY 1, 2, 3)
            """, [.uuids(uuids)])
        try transaction.session.execute(gone + SQL("""
             UPDATE stat_slot t SET total = t.total - g.total, n = t.n - g.n FROM gone g
            WHERE t.owner_id = \(owner) AND t.type_id = g.type_id AND t.slot = g.slot AND t.source_id = g.source_id
            """))
        try transaction.session.execute(SQL("""
            DELETE FROM stat_slot t USING sample s WHERE s.owner_id = \(owner) AND s.uuid = ANY(?::uuid[]) AND t.owner_id = \(owner)
                AND t.type_id = s.type_id AND t.slot = \(slot("s.start_time")) AND t.source_id = s.source_id AND t.n <= 0
            """, [.uuids(uuids)]))
        let count = try transaction.session.execute(SQL("""
            INSERT INTO stat_deleted (owner_id, seq, type_id, first_slot, last_slot)
            SELECT \(owner), ?::int8 + row_number() OVER (ORDER BY d.ord) - 1, s.type_id, \(slot("s.start_time")), \(slot("s.end_time"))
            FROM unnest(?::uuid[]) WITH ORDINALITY AS d(uuid, ord) JOIN sample s ON s.owner_id = \(owner) AND s.uuid = d.uuid
            WHERE s.kind = \(quantity)
            """, [.int(transaction.nextDeletedMark), .uuids(uuids)]))
        transaction.nextDeletedMark += Int64(count)
    }
}
