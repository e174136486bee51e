import Foundation
@testable import HealthExport
import HealthKitModel
import TestSupport
import Testing

/// The GPX reader takes values from the bytes (issue 15): what it reads must be what a reading through decoded strings
/// gives, on Apple's files and on text that is not plain.
@Suite("GPX routes read from the bytes")
struct GPXReaderTests {
    /// The points by a plain reading of the text: each `trkpt`'s attributes and child values through `String`s.
    static func stringReading(_ gpx: String) -> [WorkoutRouteLocation] {
        gpx.components(separatedBy: "<trkpt ").dropFirst().map { point in
            func attribute(_ name: String) -> Double {
                Double(point.components(separatedBy: "\(name)=\"")[1].prefix { $0 != "\"" })!
            }
            func child(_ name: String) -> String? {
                let parts = point.components(separatedBy: "<\(name)>")
                guard parts.count > 1 else { return nil }
                return decoded(parts[1].components(separatedBy: "</\(name)>")[0]).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            return WorkoutRouteLocation(latitude: attribute("lat"), longitude: attribute("lon"), altitude: child("ele").flatMap(Double.init) ?? 0,
                                        timestamp: child("time").flatMap(ExportValues.date) ?? Date(timeIntervalSince1970: 0),
                                        horizontalAccuracy: child("hAcc").flatMap(Double.init) ?? -1,
                                        verticalAccuracy: child("vAcc").flatMap(Double.init) ?? -1,
                                        course: child("course").flatMap(Double.init) ?? -1, speed: child("speed").flatMap(Double.init) ?? -1)
        }
    }

    static func decoded(_ text: String) -> String {
        text.replacingOccurrences(of: "&#x35;", with: "5").replacingOccurrences(of: "&#49;", with: "1")
    }

    @Test("Apple's route file from the corpus reads point for point, every value as written")
    func appleFile() throws {
        guard let folder = exportFixtures else { print(TestData.missingMessage); return }
        let url = folder.appendingPathComponent("healthkit-to-sqlite/zip_contents/apple_health_export/workout-routes/route_2019-06-11_3.00pm.gpx")
        let data = try Data(contentsOf: url)
        guard case .success(let points) = GPXReader.locations(in: data) else { Issue.record("unreadable"); return }
        #expect(points.count == 3)
        #expect(points == Self.stringReading(String(decoding: data, as: UTF8.self)))
        #expect(points.first == WorkoutRouteLocation(latitude: 37.781672, longitude: -122.396397, altitude: 4.076904,
                                                     timestamp: Date(timeIntervalSince1970: 1_560_290_442), horizontalAccuracy: 8.063116,
                                                     verticalAccuracy: 6.428697, course: 206.252884, speed: 0.180883))
    }

    @Test("values with white space, line breaks, character references or non-ASCII spaces read as their decoded text does")
    func unusualText() throws {
        let gpx = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1"><trk><trkseg>
        <trkpt lon="13.25" lat="52.5"><ele>
           31.5
        </ele><time> 2020-01-01T10:00:00Z </time><extensions><speed>&#x35;</speed><course>\u{00A0}90\u{00A0}</course><hAcc>\t4\r\n</hAcc><vAcc>&#49;.25</vAcc></extensions></trkpt>
        <trkpt lon="13.26" lat="52.6"><ele>abc</ele><time>2020-01-01T10:00:01.5+01:00</time><extensions><speed>1e1</speed><course>-</course></extensions></trkpt>
        </trkseg></trk></gpx>
        """
        guard case .success(let points) = GPXReader.locations(in: Data(gpx.utf8)) else { Issue.record("unreadable"); return }
        #expect(points.count == 2)
        #expect(points[0] == WorkoutRouteLocation(latitude: 52.5, longitude: 13.25, altitude: 31.5, timestamp: Date(timeIntervalSince1970: 1_577_872_800),
                                                  horizontalAccuracy: 4, verticalAccuracy: 1.25, course: 90, speed: 5))
        #expect(points[1].altitude == 0 && points[1].speed == 10 && points[1].course == -1)
        #expect(points[1].timestamp == Date(timeIntervalSince1970: 1_577_869_201.5))
    }

    @Test("a point's bad time is reported with its line; a point without numeric lat/lon too")
    func problems() {
        let badTime = "<gpx><trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\">\n<time>yesterday</time></trkpt></trkseg></trk></gpx>"
        guard case .failure(let problem) = GPXReader.locations(in: Data(badTime.utf8)) else { Issue.record("accepted"); return }
        #expect(problem.kind == .badDate && problem.line == 3 && problem.detail.contains("yesterday"))
        let noLatitude = "<gpx><trkpt lat=\"north\" lon=\"2\"><time>2020-01-01T10:00:00Z</time></trkpt></gpx>"
        guard case .failure(let second) = GPXReader.locations(in: Data(noLatitude.utf8)) else { Issue.record("accepted"); return }
        #expect(second.kind == .badValue)
    }

    @Test("a demo route written by the exporter's GPX text reads back the same points")
    func writtenRoute() throws {
        let points = (0..<500).map { (index: Int) -> WorkoutRouteLocation in
            let step = Double(index)
            let latitude: Double = 37.7 + step * 1e-5, longitude: Double = -122.4 - step * 1.3e-5
            return WorkoutRouteLocation(latitude: latitude, longitude: longitude, altitude: step / 8,
                                        timestamp: Date(timeIntervalSince1970: 1_600_000_000 + step), horizontalAccuracy: 3.5,
                                        verticalAccuracy: 2.25, course: Double(index % 360), speed: 2.75)
        }
        for exportedAt in [nil, Date(timeIntervalSince1970: 1_600_100_000)] {
            let text = GPXReader.gpx(points, name: "Route & <more>", exportedAt: exportedAt)
            guard case .success(let read) = GPXReader.locations(in: Data(text.utf8)) else { Issue.record("unreadable"); continue }
            #expect(read == points)
            #expect(read == Self.stringReading(text))
        }
    }
}
