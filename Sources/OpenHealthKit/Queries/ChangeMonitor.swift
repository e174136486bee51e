package import Foundation
package import HealthDatabase
import HealthLocking

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
package final class ChangeMonitor: Sendable {
    private struct State {
        var subscribers: [ObjectIdentifier: any ChangeSubscriber] = [:]
        /// The running poll timer, while anyone is subscribed.
        var timer: (any PollTimer)?
        var feed: ChangeFeedSubscription?
        var interval: TimeInterval
        var clock: any PollClock
    }

    /// The store watched, held weakly: the monitor lives in the store's home, an attachment of the storage itself
    /// (``StoreHome``), so a strong reference would be a cycle that kept the storage, and its open files, alive after
    /// everyone else let it go. A running query holds the storage itself while it is subscribed.
    private weak let storage: (any HealthStorage & AnyObject)?
    private let queue = DispatchQueue(label: "OpenHealthKit.changes", qos: .utility)
    private let state: Locked<State>

    /// Creates a monitor of `storage` polling every `interval` seconds of `clock` while it has subscribers.
    package init(storage: any HealthStorage, interval: TimeInterval, clock: any PollClock = SystemPollClock()) {
        self.storage = storage as AnyObject as? any HealthStorage & AnyObject
        self.state = Locked(State(interval: interval, clock: clock))
    }

    /// The clock that stamps the polls and times them; replacing it takes effect at once (tests drive the monitor
    /// with a clock of their own).
    package var clock: any PollClock {
        get { state.withLock { $0.clock } }
        set {
            let restart: Bool = state.withLock {
                $0.clock = newValue
                return $0.timer != nil
            }
            if restart { schedule() }
        }
    }

    /// The poll interval in seconds; changing it takes effect at once.
    package var interval: TimeInterval {
        get { state.withLock { $0.interval } }
        set {
            let restart: Bool = state.withLock {
                $0.interval = max(newValue, 0.001)
                return $0.timer != nil
            }
            if restart { schedule() }
        }
    }

    /// How many queries are subscribed.
    package var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Starts telling `subscriber` about the change position (polling begins with the first subscriber).
    package func subscribe(_ subscriber: any ChangeSubscriber) {
        let first: Bool = state.withLock {
            $0.subscribers[ObjectIdentifier(subscriber)] = subscriber
            return $0.timer == nil
        }
        if first {
            let feed = storage?.changeFeed.subscribe { [weak self] _ in self?.poke() }
            state.withLock { $0.feed = feed }
            schedule()
        }
    }

    /// Stops telling `subscriber`; polling stops with the last one.
    package func unsubscribe(_ subscriber: any ChangeSubscriber) {
        let idle: ((any PollTimer), ChangeFeedSubscription?)? = state.withLock { state in
            state.subscribers[ObjectIdentifier(subscriber)] = nil
            guard state.subscribers.isEmpty, let timer = state.timer else { return nil }
            defer { state.timer = nil; state.feed = nil }
            return (timer, state.feed)
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
        for subscriber in state.withLock({ Array($0.subscribers.values) }) { subscriber.settle() }
    }

    private func schedule() {
        let (clock, interval) = state.withLock { ($0.clock, $0.interval) }
        let timer = clock.every(interval, on: queue) { [weak self] in self?.poll() }
        let replaced: (any PollTimer)? = state.withLock { state in
            defer { state.timer = timer }
            return state.timer
        }
        replaced?.cancel()
    }

    private func poll() {
        let (current, clock) = state.withLock { (Array($0.subscribers.values), $0.clock) }
        guard !current.isEmpty else { return }
        guard let storage else { return }
        let latest = try? storage.latestChangePosition()
        let now = clock.now
        for subscriber in current { subscriber.monitor(observed: latest, at: now) }
    }
}
