public import Foundation

/// How tests start child processes: one start at a time, and at most a few of the built binary running at once.
///
/// Foundation's `Process.run()` on Linux lists every open descriptor of the test process to close it in the child; a
/// full parallel run with dozens of starts at once from threads of their own crashed inside it (a `memcpy` in
/// `Process.run`, with some 1,360 descriptors open). Starts are cheap, so they take turns; and since two cores cannot
/// run dozens of `health` processes usefully anyway, ``withSlot(_:)`` lets a few run while the other tests wait for a
/// slot without holding a thread.
public enum ChildProcesses {
    /// How many children ``withSlot(_:)`` lets run at once: twice the cores.
    public static let slots = max(2, ProcessInfo.processInfo.activeProcessorCount * 2)

    private static let starting = NSLock()
    private static let queue = SlotQueue(slots: slots)

    /// Starts `process`, one start at a time across the whole test run.
    public static func start(_ process: Process) throws {
        try starting.withLock { try process.run() }
    }

    /// Runs `body` once a slot is free (waiting suspends; it holds no thread), and frees the slot after it.
    public static func withSlot<Value: Sendable>(_ body: () async throws -> Value) async throws -> Value {
        await queue.acquire()
        defer { queue.release() }
        return try await body()
    }
}

/// A counting semaphore whose waiters suspend instead of blocking (first come, first served).
final class SlotQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(slots: Int) { free = slots }

    /// Takes a slot, waiting for one to be freed when none is.
    func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted: Bool = lock.withLock {
                if free > 0 { free -= 1; return true }
                waiting.append(continuation)
                return false
            }
            if granted { continuation.resume() }
        }
    }

    /// Frees a slot: hands it to the first waiter, if any.
    func release() {
        let next: CheckedContinuation<Void, Never>? = lock.withLock {
            if waiting.isEmpty { free += 1; return nil }
            return waiting.removeFirst()
        }
        next?.resume()
    }
}
