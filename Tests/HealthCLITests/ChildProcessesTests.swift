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
