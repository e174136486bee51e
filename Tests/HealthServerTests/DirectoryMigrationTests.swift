import Foundation
import TestSupport
@testable import HealthServer
import Testing

/// The accounts directory opened by several processes at once.
@Suite struct DirectoryMigrationTests {
    @Test("openers racing on a new server.sqlite all succeed (health serve and health users add started together)")
    func racingOpenersAllSucceed() throws {
        for round in 0..<20 {
            let folder = TemporaryFiles.folder.appendingPathComponent("ohk-directory-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("server.sqlite").path
            let failures = Failures()
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                do { _ = try ServerDirectory(path: path) } catch { failures.add("\(error)") }
            }
            #expect(failures.all.isEmpty, "round \(round): \(failures.all)")
            #expect(try ServerDirectory(path: path).personCount() == 0)
        }
    }

    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        func add(_ text: String) { lock.withLock { items.append(text) } }
        var all: [String] { lock.withLock { items } }
    }
}
