package import Foundation

/// What drives a ``ChangeMonitor``: the time it stamps its polls with, and the timer that makes it poll.
///
/// The system clock (``SystemPollClock``) in a running program; a test drives a monitor with a clock of its own, so
/// that "an hour later" takes no time and nothing depends on how busy the machine is.
package protocol PollClock: Sendable {
    /// The current time.
    var now: Date { get }

    /// Calls `tick` on `queue` every `interval` seconds, the first time after one interval, until the returned
    /// timer is cancelled.
    func every(_ interval: TimeInterval, on queue: DispatchQueue, _ tick: @escaping @Sendable () -> Void) -> any PollTimer
}

/// A repeating timer a ``PollClock`` started.
package protocol PollTimer: Sendable {
    /// Stops the timer; no tick starts after it returns.
    func cancel()
}

/// The system's clock and a dispatch timer.
package struct SystemPollClock: PollClock {
    package init() {}

    package var now: Date { Date() }

    package func every(_ interval: TimeInterval, on queue: DispatchQueue, _ tick: @escaping @Sendable () -> Void) -> any PollTimer {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(5))
        timer.setEventHandler(handler: tick)
        timer.resume()
        return DispatchPollTimer(timer: timer)
    }
}

/// A dispatch timer as a ``PollTimer``.
private struct DispatchPollTimer: PollTimer, @unchecked Sendable {
    let timer: any DispatchSourceTimer

    func cancel() { timer.cancel() }
}
