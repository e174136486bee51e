import Foundation
import Testing
import TestSupport

/// The Server-Sent Events stream of changes, read by a real client (curl) as a browser's EventSource would.
@Suite struct ChangeStreamTests {
    /// Reads a process's standard output as it arrives.
    final class Output: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        func append(_ data: Data) { lock.withLock { text += String(decoding: data, as: UTF8.self) } }
        var current: String { lock.withLock { text } }

        /// Waits (up to `seconds`) until the output contains `needle`.
        func wait(for needle: String, seconds: Double = 20) async throws -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if current.contains(needle) { return true }
                try await Task.sleep(for: .milliseconds(20))
            }
            return current.contains(needle)
        }
    }

    static func curl(_ arguments: [String]) throws -> (ChildProcess, Output) {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["curl", "-sN"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        let output = Output()
        pipe.fileHandleForReading.readabilityHandler = { handle in output.append(handle.availableData) }
        try process.run()
        return (process, output)
    }

    @Test("a stream sends the changes after its anchor, then each commit as an event whose id resumes the stream")
    func streamDeliversCommits() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let token = try await harness.person("alice")
        let before = UUID(), after = UUID(), other = UUID()
        _ = try await harness.send("POST", "/v1/samples", token: token, json: SampleAPITests.batch([SampleAPITests.steps(1, minute: 0, uuid: before)]))
        let (process, output) = try Self.curl(["-H", "Authorization: Bearer \(token)", harness.base + "/v1/changes/stream?type=stepCount"])
        defer { process.terminate() }
        #expect(try await output.wait(for: before.uuidString), "the first event holds what was there: \(output.current)")
        _ = try await harness.send("POST", "/v1/samples", token: token, json: SampleAPITests.batch([SampleAPITests.steps(2, minute: 5, uuid: after)]))
        #expect(try await output.wait(for: after.uuidString), "a commit arrives as an event: \(output.current)")
        // Another person's commit never reaches this stream.
        let bob = try await harness.person("bob")
        _ = try await harness.send("POST", "/v1/samples", token: bob, json: SampleAPITests.batch([SampleAPITests.steps(3, minute: 9, uuid: other)]))
        _ = try await harness.send("DELETE", "/v1/samples?type=stepCount&uuid=\(before)", token: token)
        #expect(try await output.wait(for: "deletedObjects\":[{\"uuid\":\"\(before.uuidString)"), "a deletion arrives: \(output.current)")
        #expect(!output.current.contains(other.uuidString))
        let events = output.current.components(separatedBy: "\n\n").filter { $0.contains("event: change") }
        #expect(events.count >= 3)
        #expect(events.allSatisfy { $0.contains("id: ") }, "every event carries its anchor as its id")

        // Resuming with Last-Event-ID after the second event gives the deletion only.
        let second = try #require(events.first { $0.contains(after.uuidString) })
        let id = try #require(second.split(separator: "\n").first { $0.hasPrefix("id: ") }).dropFirst(4)
        let (resumed, resumedOutput) = try Self.curl(["-H", "Authorization: Bearer \(token)", "-H", "Last-Event-ID: \(id)",
                                                      harness.base + "/v1/changes/stream?type=stepCount"])
        defer { resumed.terminate() }
        #expect(try await resumedOutput.wait(for: before.uuidString))
        #expect(!resumedOutput.current.contains(after.uuidString))
    }

    @Test("a stream needs a credential, like every API route")
    func streamNeedsAToken() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        #expect(try await harness.send("GET", "/v1/changes/stream?type=stepCount").status == 401)
    }
}
