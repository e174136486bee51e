import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `openhealthkit-bench import`: issue 15's import benchmark. On the same realistic demo export (`--samples` records,
/// default 1,000,000: HRV beat lists, a GPX route of one point a second per run, devices whose address changes per
/// record, ECGs, clinical records), the unzipped folder, in one run: `xmllint --stream --noout` only reading the same
/// XML files (export.xml, every workout-routes/*.gpx, export_cda.xml), `health import` parsing, converting and storing
/// the folder into a fresh store, and `healthkit-to-sqlite` (pip) importing export.xml. Each runs as its own process;
/// wall time, CPU time and peak memory (the child's `ru_maxrss` from `wait4`) are printed with the ratios the issue asks
/// for.
///
/// The `health` binary is `$HEALTH_BIN`, else `.build/release/health` of the repository (build it first with
/// `swift build -c release --product health`). healthkit-to-sqlite is `$HEALTHKIT_TO_SQLITE`, else
/// `Benchmarks/.venv/bin/healthkit-to-sqlite` (`python3 -m venv Benchmarks/.venv && Benchmarks/.venv/bin/pip install
/// healthkit-to-sqlite`), else the one on `PATH`; `SKIP_PEER=1` skips it.
enum ImportBenchmark {
    struct Run {
        var seconds: Double
        var cpuSeconds: Double
        var peakMB: Double
        var status: Int32
    }

    static func run(_ options: Options) throws {
        let records = options.samples
        let health = ProcessInfo.processInfo.environment["HEALTH_BIN"]
            ?? URL(fileURLWithPath: options.data).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(".build/release/health").path
        guard FileManager.default.isExecutableFile(atPath: health) else {
            print("import: \(health) not found; build it with `swift build -c release --product health` or set HEALTH_BIN")
            return
        }
        let folder = URL(fileURLWithPath: options.data).appendingPathComponent("import-\(records)")
        let xml = folder.appendingPathComponent("apple_health_export/export.xml")
        if !FileManager.default.fileExists(atPath: xml.path) {
            print("import: generating a \(records)-record export in \(folder.path) ...")
            _ = try spawn(health, ["demo-export", "--records", "\(records)", "--out", folder.path])
        }
        let root = folder.appendingPathComponent("apple_health_export")
        let routes = ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("workout-routes").path)) ?? [])
            .filter { $0.hasSuffix(".gpx") }.sorted().map { root.appendingPathComponent("workout-routes/\($0)").path }
        let xmlFiles = [xml.path] + routes + [root.appendingPathComponent("export_cda.xml").path]
        let megabytes = xmlFiles.reduce(0.0) { total, path in
            total + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.doubleValue ?? 0) / 1e6
        }
        let size = ((try? FileManager.default.attributesOfItem(atPath: xml.path)[.size] as? NSNumber)?.doubleValue ?? 0) / 1e6
        print(String(format: "import: %d records, export.xml %.0f MB, %d GPX routes, %.0f MB of XML in all", records, size, routes.count, megabytes))

        let xmllint = try spawn("/usr/bin/env", ["xmllint", "--stream", "--noout"] + xmlFiles)
        report("xmllint --stream --noout (read only)", xmllint, records)

        let database = folder.appendingPathComponent("bench.sqlite").path
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
        let ours = try spawn(health, ["import", folder.path, "--database", database, "--quiet"])
        report("health import (parse, convert, store)", ours, records)
        let again = try spawn(health, ["import", folder.path, "--database", database, "--quiet"])
        report("health import again (nothing new)", again, records)

        var peer: Run?
        if ProcessInfo.processInfo.environment["SKIP_PEER"] == nil {
            let peerDatabase = folder.appendingPathComponent("peer.db").path
            try? FileManager.default.removeItem(atPath: peerDatabase)
            let venv = URL(fileURLWithPath: options.data).deletingLastPathComponent().appendingPathComponent(".venv/bin/healthkit-to-sqlite").path
            let program = ProcessInfo.processInfo.environment["HEALTHKIT_TO_SQLITE"]
                ?? (FileManager.default.isExecutableFile(atPath: venv) ? venv : "healthkit-to-sqlite")
            peer = try spawn("/usr/bin/env", [program, "-s", "--xml", xml.path, peerDatabase])
            if let peer { report("healthkit-to-sqlite (pip)", peer, records) }
        }
        print(String(format: "ratio: health import wall / xmllint wall = %.2f (target <= 1.5)", ours.seconds / xmllint.seconds))
        if let peer {
            print(String(format: "ratio: healthkit-to-sqlite wall / health import wall = %.1fx (target >= 10x)", peer.seconds / ours.seconds))
        }
        print(String(format: "peak memory: health import %.0f MB (target <= 150 MB)", ours.peakMB))
    }

    private static func report(_ label: String, _ run: Run, _ records: Int) {
        let status = run.status == 0 ? "" : "  (exit status \(run.status))"
        print(String(format: "  %-40@ %8.2f s wall  %8.2f s CPU  %10.0f records/s  peak %6.0f MB%@",
                     label as NSString, run.seconds, run.cpuSeconds, Double(records) / run.seconds, run.peakMB, status as NSString))
    }

    /// Runs a program to completion with its output discarded; wall time and the child's peak RSS.
    static func spawn(_ program: String, _ arguments: [String]) throws -> Run {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/tmp/openhealthkit-bench-import.stderr", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let started = Date()
        let result = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard result == 0 else { throw NSError(domain: "spawn", code: Int(result), userInfo: [NSLocalizedDescriptionKey: "cannot run \(program)"]) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Date().timeIntervalSince(started)
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return Run(seconds: seconds, cpuSeconds: cpu, peakMB: Double(usage.ru_maxrss) / 1024, status: exit)
    }
}
