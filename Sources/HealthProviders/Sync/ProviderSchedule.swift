public import Foundation

/// When connections are refreshed in the background: each has a period (24 hours by default) and a next-due time,
/// set after every sync with ±10% jitter (so connections do not all fire together); after a failed sync the next try
/// backs off exponentially from 5 minutes, never beyond the period; a connection that needs sign-in is never due.
public enum ProviderSchedule {
    /// The default refresh period: 24 hours.
    public static let defaultPeriod: TimeInterval = 24 * 3600
    /// The first retry delay after a failure.
    public static let firstRetry: TimeInterval = 300

    /// The connections due at `now`, oldest due first.
    public static func due(_ connections: [ProviderConnection], now: Date = Date()) -> [ProviderConnection] {
        connections.filter { $0.status == .active && ($0.nextDue ?? .distantPast) <= now }
            .sorted { ($0.nextDue ?? .distantPast) < ($1.nextDue ?? .distantPast) }
    }

    /// When the next of `connections` is due (nil when none can be: all need sign-in, or there are none).
    public static func nextWake(_ connections: [ProviderConnection]) -> Date? {
        connections.filter { $0.status == .active }.map { $0.nextDue ?? .distantPast }.min()
    }

    /// `connection` with its next due time set after a sync that was `complete` (or not) at `now`.
    public static func scheduled(_ connection: ProviderConnection, complete: Bool, now: Date = Date(),
                                 jitter: Double = Double.random(in: 0.9...1.1)) -> ProviderConnection {
        var next = connection
        let period = connection.refreshPeriod ?? defaultPeriod
        if complete {
            next.failuresInARow = nil
            next.nextDue = now.addingTimeInterval(period * jitter)
        } else {
            let failures = (connection.failuresInARow ?? 0) + 1
            next.failuresInARow = failures
            next.nextDue = now.addingTimeInterval(min(period, firstRetry * pow(2, Double(failures - 1))) * jitter)
        }
        return next
    }
}
