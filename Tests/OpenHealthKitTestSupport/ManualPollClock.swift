package import Foundation
package import OpenHealthKit

/// A clock a test moves by hand: the change monitor's polls happen when the test advances it, and are stamped with
/// its time, so tests of timing (background delivery's intervals) need no sleeping and do not depend on load.
package final class ManualPollClock: PollClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    private var timers: [Int: Timer] = [:]
    private var nextID = 0

    /// A running timer: when it is next due, and what it calls.
    private struct Timer {
        var due: Date
        let interval: TimeInterval
        let queue: DispatchQueue
        let tick: @Sendable () -> Void
    }

    /// A clock at `start` (by default a fixed instant), with no timers.
    package init(start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        current = start
    }

    package var now: Date { lock.withLock { current } }

    package func every(_ interval: TimeInterval, on queue: DispatchQueue, _ tick: @escaping @Sendable () -> Void) -> any PollTimer {
        lock.withLock {
            nextID += 1
            timers[nextID] = Timer(due: current.addingTimeInterval(interval), interval: interval, queue: queue, tick: tick)
            let id = nextID
            return Cancel { [weak self] in self?.lock.withLock { self?.timers[id] = nil } }
        }
    }

    /// Moves the time on by `seconds`; every timer due by then ticks once (on its queue, in order).
    package func advance(by seconds: TimeInterval) {
        let due: [Timer] = lock.withLock {
            current = current.addingTimeInterval(seconds)
            var fired: [Timer] = []
            for (id, var timer) in timers where timer.due <= current {
                fired.append(timer)
                while timer.due <= current { timer.due = timer.due.addingTimeInterval(timer.interval) }
                timers[id] = timer
            }
            return fired
        }
        for timer in due { timer.queue.async(execute: timer.tick) }
    }

    private struct Cancel: PollTimer {
        let action: @Sendable () -> Void
        func cancel() { action() }
    }
}
