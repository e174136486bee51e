package import Foundation
import HealthLocking

/// Collects events from handlers on any thread, and waits until enough have arrived: each recorded event wakes the
/// waiters whose condition now holds; the timeout only bounds a wait for something that never comes, so it is long
/// (``patience``); a passing wait ends at the event, not at the timeout.
package final class EventRecorder<Event: Sendable>: Sendable {
    /// How long a wait lasts at most by default: 120 s. The whole test run starts every test at once on a cooperative
    /// pool as wide as the cores (two here), so a task that is ready to record an event can queue behind the rest of
    /// the run's work for tens of seconds while a wall-clock timer runs (a full run once took more than 30 s to let a
    /// collecting task record a query's first batch that had long arrived).
    package static var patience: TimeInterval { 120 }

    private struct Waiter {
        let condition: ([Event]) -> Bool
        let continuation: CheckedContinuation<Void, Never>
    }

    /// An empty recorder.
    package init() {}

    private struct State {
        var recorded: [Event] = []
        var waiters: [UUID: Waiter] = [:]
    }

    private let state = Locked(State())

    /// Every event so far.
    package var events: [Event] { state.withLock { $0.recorded } }

    /// Records `event` and wakes the waiters it satisfies.
    package func record(_ event: Event) {
        let satisfied: [Waiter] = state.withLock { state in
            state.recorded.append(event)
            let ready = state.waiters.filter { $0.value.condition(state.recorded) }
            for id in ready.keys { state.waiters[id] = nil }
            return Array(ready.values)
        }
        for waiter in satisfied { waiter.continuation.resume() }
    }

    /// Waits until at least `count` events arrived (or `timeout` seconds passed without them); returns the events.
    @discardableResult
    package func wait(for count: Int, timeout: TimeInterval = patience) async -> [Event] {
        await wait(timeout: timeout) { $0.count >= count }
    }

    /// Waits until `condition` holds for the events (or `timeout` seconds passed without it); returns the events.
    @discardableResult
    package func wait(timeout: TimeInterval = patience, until condition: @escaping ([Event]) -> Bool) async -> [Event] {
        let id = UUID()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let holds: Bool = state.withLock { state in
                if condition(state.recorded) { return true }
                state.waiters[id] = Waiter(condition: condition, continuation: continuation)
                return false
            }
            if holds { return continuation.resume() }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [self] in
                state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume()
            }
        }
        return events
    }
}
