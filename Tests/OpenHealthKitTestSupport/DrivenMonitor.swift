package import Foundation
package import OpenHealthKit

/// A store's change monitor driven by a ``ManualPollClock``: it polls only when the test advances the clock (or a
/// commit through the same storage wakes it), and ``ChangeMonitor/settle()`` returns once the queries have handled
/// the polls, so "nothing more arrives" and "an interval later" are facts, not waits. The clock starts at the time it
/// is installed, so that a monitor that ran on the system clock before does not see time go back (an observer query
/// would hold back its next call until the clock passed its last one).
package struct DrivenMonitor {
    package let clock = ManualPollClock(start: Date())
    package let monitor: ChangeMonitor

    package init(_ store: HKHealthStore) throws {
        monitor = StoreHome.of(try store.storage()).monitor
        monitor.clock = clock
    }

    /// Moves the clock on by `seconds` (one poll when an interval passed) and waits until the polls are handled.
    package func step(_ seconds: TimeInterval = 0.05) {
        clock.advance(by: seconds)
        monitor.settle()
    }
}
