import Foundation
import HealthLocking

/// A store's change feed: the engine announces every commit it knows of, so that observers in the same process
/// (long-running queries, the server's sync streams) wake at once instead of at their next poll.
///
/// An engine owns one feed per open store and calls ``announce(_:)`` after each of its own write transactions has
/// committed (never for one that rolled back), with the newest change position after it. An engine that hears of
/// other processes' commits (PostgreSQL's `LISTEN`/`NOTIFY`) announces those too; one that cannot (SQLite) leaves
/// them to its readers' polling of ``HealthStorage/latestChangePosition()``. Announcements that touch no change
/// position (settings, grants) carry the unchanged latest position: a grant can change what a reader may see.
///
/// Handlers run on the committing thread, after the commit, in announcement order per thread; they must return
/// quickly (hand the work to a queue). Thread-safe.
public final class ChangeFeed: Sendable {
    private struct Subscribers {
        var handlers: [Int: @Sendable (Int64) -> Void] = [:]
        var nextToken = 0
    }

    private let subscribers = Locked(Subscribers())

    /// A feed with no subscribers.
    public init() {}

    /// Calls `handler` with the newest change position after every commit announced from now on, until the returned
    /// subscription is cancelled or released.
    public func subscribe(_ handler: @escaping @Sendable (Int64) -> Void) -> ChangeFeedSubscription {
        let token: Int = subscribers.withLock {
            $0.nextToken += 1
            $0.handlers[$0.nextToken] = handler
            return $0.nextToken
        }
        return ChangeFeedSubscription { [weak self] in self?.remove(token) }
    }

    /// Tells every subscriber that a transaction committed and the newest change position is `position`
    /// (for the engine, after the commit).
    public func announce(_ position: Int64) {
        let current = subscribers.withLock { Array($0.handlers.values) }
        for handler in current { handler(position) }
    }

    /// How many subscriptions are active.
    public var subscriberCount: Int { subscribers.withLock { $0.handlers.count } }

    private func remove(_ token: Int) {
        _ = subscribers.withLock { $0.handlers.removeValue(forKey: token) }
    }
}

/// A subscription to a ``ChangeFeed``: announcements reach its handler until it is cancelled or released.
public final class ChangeFeedSubscription: Sendable {
    private let onCancel: Locked<(@Sendable () -> Void)?>

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Locked(onCancel)
    }

    /// Stops the announcements; cancelling twice does nothing.
    public func cancel() {
        let action: (@Sendable () -> Void)? = onCancel.withLock { onCancel in
            defer { onCancel = nil }
            return onCancel
        }
        action?()
    }

    deinit { cancel() }
}
