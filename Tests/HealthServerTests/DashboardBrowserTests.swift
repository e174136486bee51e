import Foundation
import TestSupport
import HealthExport
import HealthServer
import Testing

/// The dashboard in a real headless browser: Debian's `chromium` driven by Playwright for Python
/// (Tests/Browser/dashboard_browser.py) against servers on loopback — first-run sign-up, sign-in, the overview's SVG
/// charts at phone width, a type's day, HealthKit's permission sheet toggled and submitted, the apps page and a
/// revoke, and an Apple Health export (the library's demo export) uploaded on the import page, its job's progress bar
/// refreshing until the import has finished. Screenshots are kept in `$OPENHEALTHKIT_BROWSER_ARTIFACTS` (a new temporary folder when unset).
///
/// Needs `/usr/bin/chromium` (or `$OPENHEALTHKIT_CHROMIUM`) and the venv `.ci/run` makes in `.build/browser-test/venv`
/// (or `$OPENHEALTHKIT_BROWSER_PYTHON`). Without them the test is skipped, except under CI (`CI` set), where it fails.
@Suite struct DashboardBrowserTests {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The Python with Playwright, Chromium and the script; or what is missing.
    static let rig: Result<(python: String, chromium: String, script: String), BrowserRigMissing> = {
        let environment = ProcessInfo.processInfo.environment
        let python = environment["OPENHEALTHKIT_BROWSER_PYTHON"] ?? root.appendingPathComponent(".build/browser-test/venv/bin/python").path
        let chromium = environment["OPENHEALTHKIT_CHROMIUM"] ?? "/usr/bin/chromium"
        let script = root.appendingPathComponent("Tests/Browser/dashboard_browser.py").path
        let missing = [python, chromium].filter { !FileManager.default.isExecutableFile(atPath: $0) }
            + [script].filter { !FileManager.default.fileExists(atPath: $0) }
        if !missing.isEmpty { return .failure(BrowserRigMissing(paths: missing)) }
        return .success((python, chromium, script))
    }()

    /// Whether this is a CI run, where a missing browser is a failure rather than a skip.
    static let inCI = !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty

    /// Why the browser test cannot run.
    struct BrowserRigMissing: Error, CustomStringConvertible {
        var paths: [String]
        var description: String {
            "the headless-browser rig is missing \(paths.joined(separator: ", ")); install it with `apt-get install chromium` and "
                + "`python3 -m venv .build/browser-test/venv && .build/browser-test/venv/bin/pip install playwright==1.65.2` (as .ci/run does)"
        }
    }

    @Test("the dashboard in headless Chromium: sign-up, sign-in, charts at phone width, the permission sheet toggled and submitted, revoke, an import with progress, an export downloaded",
          .enabled(if: (try? rig.get()) != nil || inCI, "chromium or the Playwright venv is missing (.ci/run installs both)"),
          .timeLimit(.minutes(5)))
    func dashboardInBrowser() async throws {
        let rig = try Self.rig.get()
        let fresh = try await ServerHarness()
        defer { fresh.stop() }
        let seeded = try await ServerHarness()
        defer { seeded.stop() }
        let token = try await seeded.person("alice")
        try seeded.server.registerApp(clientID: "com.example.steps", name: "Step Counter", redirectURIs: ["http://127.0.0.1:9/callback"],
                                      shareUsage: "To chart your steps.", updateUsage: "To save walks you log.")
        // A week of steps and heart rate up to today, in the server's time zone (the browser asks for today's pages).
        var samples: [String] = []
        let format = Date.ISO8601FormatStyle()
        let today = Calendar.current.startOfDay(for: Date())
        for offset in 0..<7 {
            let day = Calendar.current.date(byAdding: .day, value: -offset, to: today)!
            let start = format.format(day), end = format.format(day.addingTimeInterval(1))
            samples.append(#"{"type":"stepCount","startDate":"\#(start)","endDate":"\#(end)","quantity":{"value":\#(1_000 * (offset + 1)),"unit":"count"}}"#)
            samples.append(#"{"type":"heartRate","startDate":"\#(start)","endDate":"\#(start)","quantity":{"value":\#(60 + offset),"unit":"count/min"}}"#)
        }
        let saved = try await seeded.send("POST", "/v1/samples", token: token, json: SampleAPITests.batch(samples))
        #expect(saved.status == 200, "\(saved.text)")
        // An export big enough that its import takes a moment (tens of megabytes of export.xml).
        let demo = TemporaryFiles.folder.appendingPathComponent("ohk-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: demo) }
        let export = try DemoExport(records: 150_000).write(to: demo).exportXML

        let out = ProcessInfo.processInfo.environment["OPENHEALTHKIT_BROWSER_ARTIFACTS"]
            ?? TemporaryFiles.folder.appendingPathComponent("ohk-browser-\(UUID().uuidString)").path
        let (status, output) = try await Self.run(rig.python, [
            rig.script, "--fresh", fresh.base, "--seeded", seeded.base, "--name", "alice", "--password", "correct horse battery",
            "--client-id", "com.example.steps", "--redirect-uri", "http://127.0.0.1:9/callback", "--export", export, "--out", out,
            "--chromium", rig.chromium,
        ])
        print("browser screenshots: \(out)")
        #expect(status == 0, "the browser run failed:\n\(output)")
        let shots = (try? FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".png") }) ?? []
        #expect(shots.count == 10, "screenshots: \(shots)")
        for name in shots {
            let data = try Data(contentsOf: URL(fileURLWithPath: out).appendingPathComponent(name))
            #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]) && data.count > 2_000, "\(name) is a PNG picture")
        }
    }

    /// Runs `executable` with `arguments` without blocking the server's threads; its exit status and its output
    /// (standard output and error, through a file so a full pipe cannot stall it). Playwright's own timeouts (30 s an
    /// action) end a stuck run; the test's time limit backs them up.
    static func run(_ executable: String, _ arguments: [String]) async throws -> (Int32, String) {
        let log = TemporaryFiles.folder.appendingPathComponent("ohk-browser-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = handle
        process.standardError = handle
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        try handle.close()
        return (status, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}
