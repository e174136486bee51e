public import Foundation

/// How tests run child processes (``ChildProcess``): at most a few of the built binary running at once.
///
/// Two cores cannot run dozens of `health` processes usefully, so ``withSlot(_:)`` lets a few run while the other tests
/// wait for a slot without holding a thread.
public enum ChildProcesses {
    /// How many children ``withSlot(_:)`` lets run at once: twice the cores.
    public static let slots = max(2, ProcessInfo.processInfo.activeProcessorCount * 2)

    private static let queue = SlotQueue(slots: slots)

    /// What a child process printed and how it ended.
    public struct Output: Sendable {
        /// Its exit status.
        public var status: Int32
        /// What it wrote on standard output.
        public var stdout: String
        /// What it wrote on standard error.
        public var stderr: String

        /// An output.
        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// Runs `executable` with `arguments`, an environment overlay and `input` on standard input (none when nil) once a
    /// slot is free, and waits for it to exit on a thread of its own (``BlockingWork``): the awaiting test holds no
    /// thread of the run's cooperative pool meanwhile.
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String] = [:],
                           input: String? = nil) async throws -> Output {
        try await withSlot {
            try await BlockingWork.run { try runBlocking(executable, arguments, environment: environment, input: input) }
        }
    }

    /// ``run(_:_:environment:input:)`` on the calling thread, without a slot, waiting until the process exits: only for
    /// work already on a thread of its own (a ``SharedFixture``).
    public static func runBlocking(_ executable: URL, _ arguments: [String], environment: [String: String] = [:],
                                   input: String? = nil) throws -> Output {
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = Pipe()
        if input != nil { process.standardInput = stdin }
        try process.run()
        if let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        // Standard error drains on a thread of its own while standard output is read here: a child that fills one
        // pipe (64 KB) while the other is being read to its end would otherwise wait forever.
        let stderr = PipeDrain(err.fileHandleForReading)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus,
                      stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr.data(), as: UTF8.self))
    }

    /// Runs `body` once a slot is free (waiting suspends; it holds no thread), and frees the slot after it.
    public static func withSlot<Value: Sendable>(_ body: () async throws -> Value) async throws -> Value {
        await queue.acquire()
        defer { queue.release() }
        return try await body()
    }
}

/// A pipe read to its end on a thread of its own; ``data()`` waits for that end.
final class PipeDrain: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var read = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            read = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Everything the pipe carried, once its writers have all closed it.
    func data() -> Data {
        done.wait()
        return read
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
