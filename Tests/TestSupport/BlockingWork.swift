import Foundation

/// Runs work that blocks its thread (waiting for a child process, a server to start, a lock another process holds)
/// on a thread of its own, so the test awaiting it holds none of Swift's cooperative threads.
///
/// The whole test run shares one cooperative pool as wide as the machine has cores (two here). A test that blocks a
/// pool thread — `Process.waitUntilExit()`, a semaphore, a lazily made `static let` every other test then waits on —
/// stalls every other test of the run while it blocks: with two such tests, nothing else moves, and waits with
/// timeouts elsewhere expire (a full parallel run once stalled for more than 30 s that way).
public enum BlockingWork {
    /// Runs `body` on a new thread and returns what it returns (or throws what it throws).
    public static func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            onItsOwnThread { continuation.resume(with: Result { try body() }) }
        }
    }

    /// Runs `body`, which cannot fail, on a new thread and returns what it returns.
    public static func run<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            onItsOwnThread { continuation.resume(returning: body()) }
        }
    }

    /// Starts `work` on a new thread with a 4 MB stack (what the main thread has, for deep parsers).
    private static func onItsOwnThread(_ work: @escaping @Sendable () -> Void) {
        let thread = Thread(block: work)
        thread.stackSize = 4 << 20
        thread.start()
    }
}

/// A value made once per test run by blocking work (a child process, a server), made on its own thread the first time
/// a test asks; every test awaits it without holding a cooperative thread (a `static let` made by blocking work would
/// hold one per waiting test: see ``BlockingWork``).
public final class SharedFixture<Value: Sendable>: Sendable {
    private let making: Task<Value, Never>

    /// A fixture `make` makes once, starting now (declare it as a `static let`, which starts it on first use).
    public init(_ make: @escaping @Sendable () -> Value) {
        making = Task { await BlockingWork.run(make) }
    }

    /// The value, once made.
    public var value: Value {
        get async { await making.value }
    }
}
