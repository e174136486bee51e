package import Foundation
package import HealthDatabase

/// Something a ``ChangeMonitor`` tells about the store's change position: a long-running query.
package protocol ChangeSubscriber: AnyObject, Sendable {
    /// Called on the monitor's queue after every poll with the store's newest change position (`nil` when
    /// the database could not be read) and the poll's time. Return quickly: do the reading elsewhere.
    func monitor(observed latest: Int64?, at now: Date)

    /// Returns once the work the subscriber started for earlier polls has finished (for ``ChangeMonitor/settle()``).
    func settle()
}

/// Watches one store's change log for every long-running query of that store: one poller per store.
///
/// While at least one query is subscribed the monitor listens to the store's change feed
/// (``HealthStorage/changeFeed``), so a commit through the same storage instance (any store of this process opened on
/// the same file) wakes it at once, and polls ``HealthStorage/latestChangePosition()`` (one cheap indexed read) every
/// `interval` seconds for other processes' commits. It stops both when no query is subscribed. Subscribers compare
/// the position with their own and read only the changes that concern them.
package final class ChangeMonitor: @unchecked Sendable {
    private let storage: any HealthStorage
    private let queue = DispatchQueue(label: "OpenHealthKit.changes", qos: .utility)
    private let lock = NSLock()
    private var subscribers: [ObjectIdentifier: any ChangeSubscriber] = [:]
    private var timer: (any PollTimer)?
    private var feed: ChangeFeedSubscription?
    private var pollInterval: TimeInterval
    private var pollClock: any PollClock

    /// Creates a monitor of `storage` polling every `interval` seconds of `clock` while it has subscribers.
    package init(storage: any HealthStorage, interval: TimeInterval, clock: any PollClock = SystemPollClock()) {
        self.storage = storage
        self.pollInterval = interval
        self.pollClock = clock
    }

    /// The clock that stamps the polls and times them; replacing it takes effect at once (tests drive the monitor
    /// with a clock of their own).
    package var clock: any PollClock {
        get { lock.withLock { pollClock } }
        set {
            let restart: Bool = lock.withLock {
                pollClock = newValue
                return timer != nil
            }
            if restart { schedule() }
        }
    }

    /// The poll interval in seconds; changing it takes effect at once.
    package var interval: TimeInterval {
        get { lock.withLock { pollInterval } }
        set {
            let restart: Bool = lock.withLock {
                pollInterval = max(newValue, 0.001)
                return timer != nil
            }
            if restart { schedule() }
        }
    }

    /// How many queries are subscribed.
    package var subscriberCount: Int { lock.withLock { subscribers.count } }

    /// Starts telling `subscriber` about the change position (polling begins with the first subscriber).
    package func subscribe(_ subscriber: any ChangeSubscriber) {
        let first: Bool = lock.withLock {
            subscribers[ObjectIdentifier(subscriber)] = subscriber
            return timer == nil
        }
        if first {
            let feed = storage.changeFeed.subscribe { [weak self] _ in self?.poke() }
            lock.withLock { self.feed = feed }
            schedule()
        }
    }

    /// Stops telling `subscriber`; polling stops with the last one.
    package func unsubscribe(_ subscriber: any ChangeSubscriber) {
        let idle: ((any PollTimer), ChangeFeedSubscription?)? = lock.withLock {
            subscribers[ObjectIdentifier(subscriber)] = nil
            guard subscribers.isEmpty, let timer else { return nil }
            defer { self.timer = nil; self.feed = nil }
            return (timer, feed)
        }
        idle?.0.cancel()
        idle?.1?.cancel()
    }

    /// Polls now, without waiting for the timer (after a commit announced on the change feed).
    package func poke() {
        queue.async { [self] in poll() }
    }

    /// Returns once every poll asked for so far (by the clock or the change feed) has run and the subscribers have
    /// finished the work those polls started. For tests: with a clock of their own, they know then that nothing more
    /// is coming, without sleeping.
    package func settle() {
        queue.sync {}
        for subscriber in lock.withLock({ Array(subscribers.values) }) { subscriber.settle() }
    }

    private func schedule() {
        let (clock, interval) = lock.withLock { (pollClock, pollInterval) }
        let timer = clock.every(interval, on: queue) { [weak self] in self?.poll() }
        let replaced: (any PollTimer)? = lock.withLock {
            defer { self.timer = timer }
            return self.timer
        }
        replaced?.cancel()
    }

    private func poll() {
        let (current, clock) = lock.withLock { (Array(subscribers.values), pollClock) }
        guard !current.isEmpty else { return }
        let latest = try? storage.latestChangePosition()
        let now = clock.now
        for subscriber in current { subscriber.monitor(observed: latest, at: now) }
    }
}
