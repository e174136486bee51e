import Dispatch
import Foundation
import HealthLocking

/// SIGTERM and SIGINT turned into a request to stop, so a long-running command (`health providers watch`) finishes
/// the sync in progress and exits cleanly instead of being cut off mid-write.
final class StopSignal {
    private let requested = Locked(false)
    private let sources: [any DispatchSourceSignal]

    /// Starts listening; the signals' default action (ending the process at once) is turned off while it lives.
    init() {
        let flag = requested
        sources = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { flag.withLock { $0 = true } }
            source.resume()
            return source
        }
    }

    /// Whether a stop was asked for.
    var isRequested: Bool { requested.current }

    /// Sleeps until `date` (at most `limit` seconds) or until a stop is asked for, whichever comes first.
    func sleep(until date: Date, limit: TimeInterval) async throws {
        let end = Date().addingTimeInterval(min(limit, max(1, date.timeIntervalSinceNow)))
        while !isRequested, end.timeIntervalSinceNow > 0 {
            try await Task.sleep(nanoseconds: UInt64(min(0.25, end.timeIntervalSinceNow) * 1e9))
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
