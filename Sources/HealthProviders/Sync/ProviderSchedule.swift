public import Foundation

/// When connections are refreshed in the background: each has a period (24 hours by default) and a next-due time,
/// set after every sync with ±10% jitter (so connections do not all fire together); after a failed sync the next try
/// backs off exponentially from 5 minutes, never beyond the period; a connection that needs sign-in is never due.
public enum ProviderSchedule {
    /// The default refresh period: 24 hours.
    public static let defaultPeriod: TimeInterval = 24 * 3600
    /// The first retry delay after a failure.
    public static let firstRetry: TimeInterval = 300
    /// The shortest refresh period a connection may have (providers throttle clients that poll too often).
    public static let shortestPeriod: TimeInterval = 900

    /// `connection` refreshed every `period` from now on (nil: back to the default): its next due time becomes the last
    /// sync plus the new period (now, when that has passed or it never synced). Throws for a period shorter than
    /// ``shortestPeriod``.
    public static func withPeriod(_ connection: ProviderConnection, _ period: TimeInterval?, now: Date = Date()) throws -> ProviderConnection {
        if let period, !(period >= shortestPeriod) {
            throw ProviderError(.storage, "a refresh period must be at least \(Int(shortestPeriod / 60)) minutes")
        }
        var next = connection
        next.refreshPeriod = period
        next.nextDue = max(now, (connection.lastSync ?? now).addingTimeInterval(period ?? defaultPeriod))
        return next
    }

    /// A period written as a number with a unit, `90m`, `6h`, `2d` (`s`, `m`, `h`, `d`; a bare number is hours); nil
    /// when it is none.
    public static func period(_ text: String) -> TimeInterval? {
        let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        var number = text.trimmingCharacters(in: .whitespaces).lowercased(), unit: TimeInterval = 3600
        if let last = number.last, let scale = units[last] {
            unit = scale
            number.removeLast()
        }
        guard let value = Double(number), value.isFinite, value > 0 else { return nil }
        return value * unit
    }

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
