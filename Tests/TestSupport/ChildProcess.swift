public import Foundation

/// A child process started with `posix_spawn`, with the part of Foundation's `Process` interface the tests use.
///
/// Foundation's `Process.run()` on Linux emulates Darwin's close-on-exec default by reading `/proc/self/fd` and copying
/// each whole `dirent` out of the directory buffer; with some 1,370 descriptors open the last entries sit at the end of
/// that buffer and the copy reads past it: a full parallel test run crashed there (`memcpy` in `Process.run`). This type
/// asks glibc to close every inherited descriptor from 3 up (`posix_spawn_file_actions_addclosefrom_np`), which takes no
/// list, so any number of open descriptors is fine and children never hold another child's pipe open.
///
/// Standard streams take a `Pipe` (the child gets its writing or reading end; the parent's copy of that end is closed
/// once the child runs, so reading to the end sees the child exit), a `FileHandle` (`FileHandle.nullDevice` opens
/// `/dev/null`), or nil, which leaves the test process's own stream.
public final class ChildProcess: @unchecked Sendable {
    /// The program to run.
    public var executableURL: URL?
    /// Its arguments, after the program's own path.
    public var arguments: [String] = []
    /// Its whole environment; nil passes the test process's.
    public var environment: [String: String]?
    /// Its standard input: a `Pipe`, a `FileHandle` or nil (the test process's).
    public var standardInput: Any?
    /// Its standard output: a `Pipe`, a `FileHandle` or nil (the test process's).
    public var standardOutput: Any?
    /// Its standard error: a `Pipe`, a `FileHandle` or nil (the test process's).
    public var standardError: Any?
    /// Called on a thread of its own once the process has exited.
    public var terminationHandler: (@Sendable (ChildProcess) -> Void)?

    private let state = NSCondition()
    private var pid: pid_t = 0
    private var status: Int32?

    /// A process not started yet.
    public init() {}

    /// Its process identifier, 0 before ``run()``.
    public var processIdentifier: Int32 { state.withLock { pid } }

    /// Whether it was started and has not exited yet.
    public var isRunning: Bool { state.withLock { pid != 0 && status == nil } }

    /// How it ended: `exit` or `uncaughtSignal` (only once it has exited).
    public var terminationReason: Process.TerminationReason {
        Self.signalled(exitStatus) ? .uncaughtSignal : .exit
    }

    /// Its exit code, or the signal that ended it (only once it has exited).
    public var terminationStatus: Int32 {
        let raw = exitStatus
        return Self.signalled(raw) ? raw & 0x7f : (raw >> 8) & 0xff
    }

    /// Sends `SIGTERM` while it runs (never to process 0, which would signal the test run's whole process group, nor
    /// to a reaped identifier the system may have given to another process).
    public func terminate() {
        state.withLock { if pid > 0 && status == nil { kill(pid, SIGTERM) } }
    }

    /// Waits until it has exited.
    public func waitUntilExit() {
        state.withLock { while status == nil { state.wait() } }
    }

    /// Starts it; throws when the program cannot be started.
    public func run() throws {
        guard let executableURL else { throw CocoaError(.executableNotLoadable) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        try Self.attach(standardInput, as: STDIN_FILENO, reading: true, to: &actions)
        try Self.attach(standardOutput, as: STDOUT_FILENO, reading: false, to: &actions)
        try Self.attach(standardError, as: STDERR_FILENO, reading: false, to: &actions)
        try Self.check(Self.closeFrom(&actions, 3), "closing inherited descriptors")

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group, as Foundation's `Process` does: a ^C to the test run does not reach it twice. And the
        // signals as a shell leaves them: none blocked (the spawning thread may be a pool thread that blocks them all)
        // and every one at its default action (the test process ignores `SIGPIPE`).
        var signals = sigset_t()
        sigemptyset(&signals)
        try Self.check(posix_spawnattr_setsigmask(&attributes, &signals), "unblocking signals")
        sigfillset(&signals)
        try Self.check(posix_spawnattr_setsigdefault(&attributes, &signals), "resetting signal actions")
        let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        try Self.check(posix_spawnattr_setflags(&attributes, Int16(flags)), "setting the spawn flags")

        let argv = ([executableURL.path] + arguments).map { strdup($0) } + [nil]
        let env = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + env).forEach { free($0) } }
        var child: pid_t = 0
        try Self.check(posix_spawn(&child, executableURL.path, &actions, &attributes, argv, env), "starting \(executableURL.path)")
        let started = child
        state.withLock { pid = started }
        closeChildEnds()
        Thread.detachNewThread { [self] in reap(started) }
    }

    /// The parent's copies of the pipe ends the child now holds: a reader sees the end of its pipe once the child exits.
    private func closeChildEnds() {
        (standardInput as? Pipe).map { try? $0.fileHandleForReading.close() }
        (standardOutput as? Pipe).map { try? $0.fileHandleForWriting.close() }
        (standardError as? Pipe).map { try? $0.fileHandleForWriting.close() }
    }

    /// Waits for `child` to exit, records how, wakes the waiters and calls the termination handler.
    private func reap(_ child: pid_t) {
        var raw: Int32 = 0
        while waitpid(child, &raw, 0) == -1 && errno == EINTR {}
        state.withLock {
            status = raw
            state.broadcast()
        }
        terminationHandler?(self)
    }

    private var exitStatus: Int32 {
        state.withLock {
            precondition(status != nil, "the process has not exited")
            return status ?? 0
        }
    }

    private static func signalled(_ raw: Int32) -> Bool { raw & 0x7f != 0 && raw & 0x7f != 0x7f }

    /// Gives the child `stream` as its descriptor `target`.
    private static func attach(_ stream: Any?, as target: Int32, reading: Bool,
                               to actions: inout posix_spawn_file_actions_t) throws {
        let source: Int32
        switch stream {
        case nil:
            return
        case let pipe as Pipe:
            source = (reading ? pipe.fileHandleForReading : pipe.fileHandleForWriting).fileDescriptor
        case let handle as FileHandle where handle === FileHandle.nullDevice:
            try check(posix_spawn_file_actions_addopen(&actions, target, "/dev/null", reading ? O_RDONLY : O_WRONLY, 0),
                      "opening /dev/null")
            return
        case let handle as FileHandle:
            source = handle.fileDescriptor
        default:
            throw CocoaError(.featureUnsupported)
        }
        try check(posix_spawn_file_actions_adddup2(&actions, source, target), "passing descriptor \(source)")
    }

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc module does not show.
    private static let closeFromFunction: CloseFrom? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
        else { return nil }
        return unsafeBitCast(symbol, to: CloseFrom.self)
    }()

    private static func closeFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ first: Int32) -> Int32 {
        guard let closeFromFunction else { return ENOSYS }
        return closeFromFunction(actions, first)
    }

    private static func check(_ result: Int32, _ what: String) throws {
        guard result != 0 else { return }
        throw NSError(domain: NSPOSIXErrorDomain, code: Int(result),
                      userInfo: [NSLocalizedDescriptionKey: "\(what): \(String(cString: strerror(result)))"])
    }
}
