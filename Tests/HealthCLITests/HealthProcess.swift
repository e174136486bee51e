import Foundation
import TestSupport

/// Runs the built `health` executable as a child process, the way a person or a script would.
struct HealthProcess {
    /// What a run printed and how it ended.
    typealias Result = ChildProcesses.Output

    /// The `health` binary next to the test bundle in the build products folder.
    static let executable: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("health")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        fatalError("health executable not found near \(CommandLine.arguments[0]); build it with `swift build` first")
    }()

    /// Runs `health` with `arguments`, an optional environment overlay and `input` on standard input (none when nil),
    /// and waits for it to exit without holding a thread of the run's cooperative pool (``ChildProcesses/run(_:_:environment:input:)``).
    static func run(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) async throws -> Result {
        try await ChildProcesses.run(executable, arguments, environment: environment, input: input)
    }

    /// ``run(_:environment:input:)`` on the calling thread, which waits until the process exits: only for work already on
    /// a thread of its own (a ``SharedFixture``).
    static func runBlocking(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) throws -> Result {
        try ChildProcesses.runBlocking(executable, arguments, environment: environment, input: input)
    }

    /// A new empty folder named after `name` and the path of a database in it, for a test's own store.
    static func newStore(_ name: String) throws -> (directory: URL, database: String) {
        let directory = TemporaryFiles.folder.appendingPathComponent("ohk-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (directory, directory.appendingPathComponent("health.sqlite").path)
    }

    /// Parses a run's standard output as a JSON array of objects.
    static func json(_ result: Result) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return object as? [[String: Any]] ?? []
    }
}
