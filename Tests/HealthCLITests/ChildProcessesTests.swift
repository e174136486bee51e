import Foundation
import Testing
import TestSupport

/// The test runner's own child-process helper, which every CLI test relies on.
@Suite("ChildProcesses")
struct ChildProcessesTests {
    @Test("a child that fills standard error before it writes standard output finishes, and both are read whole",
          .timeLimit(.minutes(1)))
    func bothPipesDrain() async throws {
        // 200,000 bytes on standard error fill its 64 KB pipe long before the child reaches standard output.
        let output = try await ChildProcesses.run(URL(fileURLWithPath: "/bin/sh"),
                                                  ["-c", "head -c 200000 /dev/zero | tr '\\0' e >&2; echo out; exit 3"])
        #expect(output.status == 3)
        #expect(output.stdout == "out\n")
        #expect(output.stderr.utf8.count == 200_000 && output.stderr.allSatisfy { $0 == "e" })
    }
}

@Suite("ChildProcess")
struct ChildProcessTests {
    @Test("a child starts with thousands of descriptors open in the test process and inherits none of them",
          .timeLimit(.minutes(1)))
    func manyOpenDescriptors() async throws {
        // 3,000 pipe ends, none close-on-exec: Foundation's `Process.run` crashed listing some 1,370.
        var ends = [Int32](repeating: -1, count: 3_000)
        for index in stride(from: 0, to: ends.count, by: 2) {
            try ends.withUnsafeMutableBufferPointer { buffer in
                guard pipe(buffer.baseAddress! + index) == 0 else { throw POSIXError(.EMFILE) }
            }
        }
        defer { ends.forEach { close($0) } }
        let highest = try #require(ends.max())
        let output = try await ChildProcesses.run(URL(fileURLWithPath: "/bin/sh"),
                                                  ["-c", "ls /proc/$$/fd; if test -e /proc/$$/fd/\(highest); then echo inherited; fi"])
        #expect(output.status == 0)
        #expect(!output.stdout.contains("inherited"), "the child holds descriptor \(highest)")
        #expect(output.stdout.split(separator: "\n").sorted() == ["0", "1", "2"], "the child's descriptors: \(output.stdout)")
    }

    @Test("how a child ended: its exit code, or the signal that ended it, as Foundation's Process reports them")
    func howItEnded() async throws {
        let exited = ChildProcess()
        exited.executableURL = URL(fileURLWithPath: "/bin/sh")
        exited.arguments = ["-c", "exit 7"]
        exited.standardOutput = FileHandle.nullDevice
        try exited.run()
        await BlockingWork.run { exited.waitUntilExit() }
        #expect(exited.terminationReason == .exit && exited.terminationStatus == 7 && !exited.isRunning)

        let killed = ChildProcess()
        killed.executableURL = URL(fileURLWithPath: "/bin/sleep")
        killed.arguments = ["30"]
        let ended = AsyncStream<Int32>.makeStream()
        killed.terminationHandler = { ended.continuation.yield($0.terminationStatus) }
        try killed.run()
        #expect(killed.isRunning && killed.processIdentifier > 0)
        killed.terminate()
        var statuses = ended.stream.makeAsyncIterator()
        #expect(await statuses.next() == SIGTERM)
        #expect(killed.terminationReason == .uncaughtSignal)
    }
}
