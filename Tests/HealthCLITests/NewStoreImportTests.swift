import Foundation
import TestSupport
import OpenHealthKit
import OpenHealthKitSQLite
import Testing

/// `health import` into a store that does not exist yet builds it in `PATH-import` and renames it into place.
@Suite("health import into a new store: built beside it, put in place when complete (the built binary)")
struct NewStoreImportTests {
    /// A 30,000-record demo export in a new folder, and the path of a store there that does not exist yet.
    private static func demo(_ name: String) async throws -> (demo: String, database: String) {
        let (folder, database) = try HealthProcess.newStore(name)
        let demo = folder.appendingPathComponent("demo").path
        #expect(try await HealthProcess.run(["demo-export", "--records", "30000", "--out", demo]).status == 0)
        return (demo, database)
    }

    /// `health import demo --database database` started, with its standard error in a pipe.
    private static func startImport(_ demo: String, _ database: String) throws -> (ChildProcess, Pipe) {
        let process = ChildProcess()
        process.executableURL = HealthProcess.executable
        process.arguments = ["import", demo, "--database", database, "--quiet", "--batch", "500"]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        return (process, errors)
    }

    /// Waits while `process` runs until `file` holds over a megabyte; whether it did.
    private static func waitForBuild(_ file: String, of process: ChildProcess) async throws -> Bool {
        while process.isRunning {
            if let size = try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int, size > 1 << 20 { return true }
            try await Task.sleep(for: .milliseconds(5))
        }
        return false
    }

    private static func size(_ path: String) -> Int? {
        try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
    }

    @Test("killed midway it leaves no store; the next import removes the build it left and ends as a clean import")
    func killedBuildLeavesNoStore() async throws {
        let (demo, database) = try await Self.demo("new-store-killed")
        let build = database + "-import"
        let (process, _) = try Self.startImport(demo, database)
        let sawBuild = try await Self.waitForBuild(build, of: process)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(sawBuild, "the import never wrote \(build)")
        // Nothing at the path but the empty file the writer's turn makes: no store, no log, no partial import.
        #expect((Self.size(database) ?? 0) == 0)
        #expect(!FileManager.default.fileExists(atPath: database + "-wal"))
        #expect(Self.size(build) ?? 0 > 1 << 20)

        let rerun = try await HealthProcess.run(["import", demo, "--database", database, "--quiet"])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(!FileManager.default.fileExists(atPath: build))
        let clean = try HealthProcess.newStore("new-store-clean").database
        #expect(try await HealthProcess.run(["import", demo, "--database", clean, "--quiet"]).status == 0)
        let cleanContents = try ImportCommandTests.contents(clean)
        #expect(cleanContents.count > 30_000)
        #expect(try ImportCommandTests.contents(database) == cleanContents)
    }

    @Test("stopped by SIGTERM it removes its build and leaves no store; the empty file keeps the permissions it had")
    func stoppedBuildIsRemoved() async throws {
        let (demo, database) = try await Self.demo("new-store-stopped")
        let build = database + "-import"
        #expect(FileManager.default.createFile(atPath: database, contents: nil, attributes: [.posixPermissions: 0o600]))
        let (process, _) = try Self.startImport(demo, database)
        #expect(try await Self.waitForBuild(build, of: process))
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(!FileManager.default.fileExists(atPath: build))
        #expect((Self.size(database) ?? 0) == 0)

        #expect(try await HealthProcess.run(["import", demo, "--database", database, "--quiet"]).status == 0)
        let permissions = try FileManager.default.attributesOfItem(atPath: database)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(try ImportCommandTests.contents(database).count > 30_000)
    }

    @Test("a store another program makes at the path during the build is kept, and the import goes into it")
    func storeMadeMeanwhileIsKept() async throws {
        let (demo, database) = try await Self.demo("new-store-meanwhile")
        let (process, errors) = try Self.startImport(demo, database)
        #expect(try await Self.waitForBuild(database + "-import", of: process))
        let store = try HKHealthStore.owner(databasePath: database)
        let mass = HKQuantitySample(type: HKQuantityType(.bodyMass), quantity: HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 71.5),
                                    start: Date(), end: Date())
        try await store.save(mass)
        while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        #expect(process.terminationStatus == 0)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said.contains("another program created a health database at \(database) during the import"), "\(said)")

        let clean = try HealthProcess.newStore("new-store-meanwhile-clean").database
        #expect(try await HealthProcess.run(["import", demo, "--database", clean, "--quiet"]).status == 0)
        let contents = try ImportCommandTests.contents(database)
        #expect(contents.filter { $0.hasPrefix(mass.uuid.uuidString) }.count == 1)
        #expect(try contents.filter { !$0.hasPrefix(mass.uuid.uuidString) } == ImportCommandTests.contents(clean))
    }

    @Test("a new store and an existing empty one end with the same records and statistics")
    func sameAsExistingEmptyStore() async throws {
        let (demo, database) = try await Self.demo("new-store-same")
        #expect(try await HealthProcess.run(["import", demo, "--database", database, "--quiet"]).status == 0)
        let existing = try HealthProcess.newStore("new-store-existing").database
        _ = try HKHealthStore.owner(databasePath: existing).storage()   // an empty store with its tables
        #expect(try await HealthProcess.run(["import", demo, "--database", existing, "--quiet"]).status == 0)
        #expect(try ImportCommandTests.contents(database) == ImportCommandTests.contents(existing))
        let steps = ["stats", "stepCount", "--by", "day", "--format", "csv"]
        let new = try await HealthProcess.run(steps + ["--database", database])
        #expect(new.status == 0)
        #expect(new.stdout.split(whereSeparator: \.isNewline).count > 10)
        #expect(try await HealthProcess.run(steps + ["--database", existing]).stdout == new.stdout)
    }
}
