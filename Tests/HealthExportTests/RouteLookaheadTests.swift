import Foundation
@testable import HealthExport
import HealthKitModel
import Testing
import TestSupport

/// Route files are read ahead on a worker thread (issue 15): whatever order the workouts ask for them in, each request
/// must give what reading the file there and then gives, and files nobody asks for must not stop the look-ahead.
@Suite("Route files read ahead of the workouts")
struct RouteLookaheadTests {
    /// What an outcome says, comparable: the points, or the problem.
    static func summary(_ outcome: RouteFile.Outcome) -> String {
        switch outcome {
        case .file(let problem): "file \(problem)"
        case .gpx(let problem): "gpx \(problem.kind) line \(problem.line): \(problem.detail)"
        case .read(let points, let encoded):
            "\(points.count) points \(points.map { "\($0.latitude),\($0.longitude),\($0.timestamp.timeIntervalSince1970)" }.joined(separator: ";")) "
                + ((try? encoded.get()) == nil ? "not encodable" : "encoded")
        }
    }

    /// An export folder with `count` route files (file *i* has *i* + 1 points), one that is not GPX, and a text file.
    static func folder(count: Int) throws -> URL {
        let root = TemporaryFiles.folder.appendingPathComponent("route-lookahead-\(UUID().uuidString)")
        let routes = root.appendingPathComponent(RouteFile.folder)
        try FileManager.default.createDirectory(at: routes, withIntermediateDirectories: true)
        let start = Date(timeIntervalSince1970: 1_600_000_000)
        for index in 0..<count {
            let points = (0...index).map { step in
                WorkoutRouteLocation(latitude: 47 + Double(index) / 100, longitude: 8 + Double(step) / 1000, altitude: 400,
                                     timestamp: start.addingTimeInterval(Double(index * 1000 + step)))
            }
            try GPXReader.gpx(points, name: "route \(index)").write(to: routes.appendingPathComponent(name(index)), atomically: true, encoding: .utf8)
        }
        try "<gpx><trk><trkseg><trkpt lat=\"x\" lon=\"1\"/></trkseg></trk></gpx>".write(
            to: routes.appendingPathComponent("route_9999-broken.gpx"), atomically: true, encoding: .utf8)
        try "not a route".write(to: routes.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        return root
    }

    static func name(_ index: Int) -> String { String(format: "route_%04d.gpx", index) }

    @Test("requests in any order, repeated, missing or broken give what a direct read gives; unrequested files do not stall it")
    func anyOrder() throws {
        let root = try Self.folder(count: 40)
        defer { try? FileManager.default.removeItem(at: root) }
        let files = ExportFiles.folder(root)
        // Files 0-9 are never asked for (with a window of 2 they would stall a look-ahead that kept them); then out of
        // order, a repeat, a file missing, the broken one, and the same file named without the leading slash.
        var requests = (10..<40).map { "/workout-routes/" + Self.name($0) }
        requests.swapAt(3, 9)
        requests.swapAt(12, 13)
        requests.insert("/workout-routes/" + Self.name(15), at: 20)
        requests.insert("/workout-routes/route_missing.gpx", at: 5)
        requests.insert("/workout-routes/route_9999-broken.gpx", at: 8)
        requests.insert("workout-routes/" + Self.name(30), at: 25)
        let lookahead = RouteLookahead(files: files, window: 2)
        defer { lookahead.stop() }
        for (number, path) in requests.enumerated() {
            // Now and then the parsing thread is slower than the worker, now and then faster.
            if number % 3 == 0 { Thread.sleep(forTimeInterval: 0.01) }
            let expected = Self.summary(RouteFile.read(path, files: files))
            #expect(Self.summary(lookahead.outcome(for: path)) == expected, "\(path)")
        }
        #expect(Self.summary(lookahead.outcome(for: "/workout-routes/" + Self.name(39))).hasPrefix("40 points"))
        #expect(Self.summary(lookahead.outcome(for: "/workout-routes/route_missing.gpx")) == "file unreadable")
        #expect(Self.summary(lookahead.outcome(for: "/workout-routes/route_9999-broken.gpx")).hasPrefix("gpx"))
    }

    @Test("stopped early (an import that failed), it answers by reading the file itself")
    func stopped() throws {
        let root = try Self.folder(count: 5)
        defer { try? FileManager.default.removeItem(at: root) }
        let files = ExportFiles.folder(root)
        let lookahead = RouteLookahead(files: files, window: 8)
        Thread.sleep(forTimeInterval: 0.05)
        lookahead.stop()
        for index in 0..<5 {
            #expect(Self.summary(lookahead.outcome(for: "/workout-routes/" + Self.name(index))).hasPrefix("\(index + 1) points"))
        }
    }
}
