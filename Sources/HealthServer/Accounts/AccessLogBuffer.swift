import Foundation
import HealthLocking

/// App accesses counted in memory between flushes of the access log: a request adds one to its line (app, action,
/// types, minute) under a lock, and ``ServerDirectory/flushAccessLog()`` writes every line in one transaction (every
/// second while the server runs, at shutdown, and before the log is read), instead of one write per request.
final class AccessLogBuffer: Sendable {
    /// One line of the log: whose data, which app, what it did to which types, in which minute.
    struct Line: Hashable, Sendable {
        var personID: String
        var clientID: String
        var action: String
        /// The type identifiers, sorted, space-separated.
        var types: String
        /// Minutes since 1970.
        var minute: Int64
    }

    /// How many requests a line counts and when the last was (seconds since 1970).
    struct Tally: Sendable {
        var count: Int
        var last: Double
    }

    private let pending = Locked<[Line: Tally]>([:])

    /// Counts one request of `line` at `time` (seconds since 1970).
    func add(_ line: Line, at time: Double) {
        pending.withLock { pending in
            var tally = pending[line] ?? Tally(count: 0, last: time)
            tally.count += 1
            tally.last = max(tally.last, time)
            pending[line] = tally
        }
    }

    /// Every line counted since the last take, leaving none.
    func take() -> [Line: Tally] {
        pending.withLock { pending in
            defer { pending = [:] }
            return pending
        }
    }

    /// Counts `lines` again (a flush that could not write them).
    func restore(_ lines: [Line: Tally]) {
        pending.withLock { pending in
            for (line, tally) in lines {
                var merged = pending[line] ?? Tally(count: 0, last: tally.last)
                merged.count += tally.count
                merged.last = max(merged.last, tally.last)
                pending[line] = merged
            }
        }
    }
}
