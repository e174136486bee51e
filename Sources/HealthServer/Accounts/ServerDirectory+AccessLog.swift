import Foundation
import GRDB

/// One line of a person's access log: an app's reads or writes of some types within one minute.
struct AccessEntry: Sendable, Hashable {
    /// What the app did.
    enum Action: String, Sendable, CaseIterable {
        /// Read samples, changes, statistics, sources or characteristics.
        case read
        /// Saved samples.
        case write
        /// Deleted samples.
        case delete
    }

    /// The app (its client id).
    var clientID: String
    /// What it did.
    var action: Action
    /// The type identifiers, sorted.
    var types: [String]
    /// How many requests did it within the minute.
    var count: Int
    /// When the last of them was.
    var last: Date
}

// The access log: which app read or wrote which types of a person's data, and when. Requests are counted per app,
// action, types and minute, so an app that polls makes one line a minute, not one per request; lines older than
// ``accessLogDays`` go when the person's log is read. Requests count in memory (``AccessLogBuffer``) and the server
// writes the counts every second, at shutdown and before a log is read.
extension ServerDirectory {
    /// How long the log keeps a line.
    static let accessLogDays = 90

    /// Counts one request of `clientID` doing `action` to `types` of `personID`'s data (in memory until the next
    /// ``flushAccessLog()``).
    func recordAccess(personID: String, clientID: String, action: AccessEntry.Action, types: [String], at now: Date = Date()) {
        guard !types.isEmpty else { return }
        let names = Array(Set(types)).sorted().joined(separator: " ")
        let line = AccessLogBuffer.Line(personID: personID, clientID: clientID, action: action.rawValue, types: names,
                                        minute: Int64(now.timeIntervalSince1970 / 60))
        accessBuffer.add(line, at: now.timeIntervalSince1970)
    }

    /// Writes the accesses counted since the last flush, in one transaction; when that fails they stay counted for
    /// the next one.
    func flushAccessLog() throws {
        let lines = accessBuffer.take()
        guard !lines.isEmpty else { return }
        do {
            try database.write { db in
                for (line, tally) in lines {
                    try db.execute(sql: """
                        INSERT INTO access_log VALUES (?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT (person_id, minute, client_id, action, types)
                        DO UPDATE SET count = count + excluded.count, last_at = max(last_at, excluded.last_at)
                        """, arguments: [line.personID, line.clientID, line.action, line.types, line.minute, tally.count, tally.last])
                }
            }
        } catch {
            accessBuffer.restore(lines)
            throw error
        }
    }

    /// `personID`'s newest log lines, newest first, after dropping those older than ``accessLogDays``.
    func accesses(personID: String, limit: Int = 500, now: Date = Date()) throws -> [AccessEntry] {
        try flushAccessLog()
        return try database.write { db in
            let oldest = Int64(now.timeIntervalSince1970 / 60) - Int64(Self.accessLogDays * 24 * 60)
            try db.execute(sql: "DELETE FROM access_log WHERE person_id = ? AND minute < ?", arguments: [personID, oldest])
            return try Row.fetchAll(db, sql: """
                SELECT * FROM access_log WHERE person_id = ? ORDER BY minute DESC, last_at DESC LIMIT ?
                """, arguments: [personID, limit]).compactMap { row in
                guard let action = AccessEntry.Action(rawValue: row["action"]) else { return nil }
                let types: String = row["types"]
                return AccessEntry(clientID: row["client_id"], action: action, types: types.split(separator: " ").map(String.init),
                                   count: row["count"], last: Date(timeIntervalSince1970: row["last_at"]))
            }
        }
    }
}
