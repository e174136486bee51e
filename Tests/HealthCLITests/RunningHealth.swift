import Foundation
import HealthLocking
import TestSupport

/// A `health` process left running (`providers watch`, a sync to be killed): its standard output collected as it
/// comes, so a test can wait for a line, then signal the process.
final class RunningHealth: Sendable {
    let process: ChildProcess
    private let output = Locked(Data())

    /// Starts `health` with `arguments`.
    init(_ arguments: [String]) throws {
        process = ChildProcess()
        process.executableURL = HealthProcess.executable
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        let collected = output
        out.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            collected.withLock { $0.append(chunk) }
        }
        try process.run()
    }

    /// What it printed so far.
    var printed: String { String(decoding: output.current, as: UTF8.self) }

    /// Waits until what it printed satisfies `condition` (true), or `timeout` seconds pass (false).
    func wait(timeout: TimeInterval = 30, until condition: (String) -> Bool) async throws -> Bool {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if condition(printed) { return true }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        return condition(printed)
    }

    /// Sends `signal` and waits for the process to end (on a thread of its own: see ``BlockingWork``).
    func stop(_ signal: Int32) async {
        kill(process.processIdentifier, signal)
        await BlockingWork.run { [process] in process.waitUntilExit() }
    }
}
