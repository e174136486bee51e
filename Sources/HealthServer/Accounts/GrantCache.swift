import Foundation
import GRDB
import HealthLocking

/// What token secrets grant, remembered so that a request does not look its token up in `server.sqlite`: it asks
/// the file's `PRAGMA data_version` instead, on a connection of the cache's own. That number changes whenever any
/// other connection commits to the file (this server's own, when a token is revoked or a session signed out, or
/// another process's, such as `health tokens`), and the cache is then emptied: a revoked token stops working with
/// the first request after the revocation commits.
///
/// Unknown secrets are not remembered (guessing cannot fill the cache); the cache holds at most ``capacity``
/// grants and starts again when full. A grant's expiry is checked at every use.
final class GrantCache: Sendable {
    /// The most grants remembered.
    static let capacity = 100_000

    private struct Entry {
        var grant: TokenGrant
        var expires: Double?
    }

    private struct State {
        var version: Int64?
        var entries: [String: Entry] = [:]
    }

    private let watch: DatabaseQueue
    private let state = Locked(State())

    /// A cache of the grants in the directory file at `path`, watched through a connection of its own.
    init(path: String, configuration: Configuration) throws {
        watch = try DatabaseQueue(path: path, configuration: configuration)
    }

    /// What the token whose secret has `digest` grants at `now`: remembered, or read by `lookup` (the grant and its
    /// expiry as seconds since 1970) and remembered when the file has not changed meanwhile.
    func grant(digest: String, now: Date, lookup: () throws -> (grant: TokenGrant, expires: Double?)?) throws -> TokenGrant? {
        let version = try watch.read { db in try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
        let remembered: Entry? = state.withLock { state in
            if state.version != version {
                state.entries = [:]
                state.version = version
            }
            return state.entries[digest]
        }
        let entry: Entry
        if let remembered {
            entry = remembered
        } else {
            guard let found = try lookup() else { return nil }
            entry = Entry(grant: found.grant, expires: found.expires)
            state.withLock { state in
                // A commit seen since this lookup began may have revoked it: remember only what is still current.
                guard state.version == version else { return }
                if state.entries.count >= Self.capacity { state.entries = [:] }
                state.entries[digest] = entry
            }
        }
        if let expires = entry.expires, expires <= now.timeIntervalSince1970 { return nil }
        return entry.grant
    }
}
