import Foundation
import HealthKitModel

/// Reads the points of a workout-routes/*.gpx file (`trkpt` with `lat`/`lon`, `ele`, `time` and the
/// `speed`, `course`, `hAcc`, `vAcc` extensions Apple writes) with the export tokenizer.
enum GPXReader {
    /// The largest route file read: 128 MiB. A route recorded at one point a second for 24 hours is 86,400 points of
    /// about 230 bytes each in Apple's layout, about 20 MB; the limit is six times that. A larger file is reported and
    /// not read (docs/ClinicalRecords.md, "Limits on outside input").
    static let maximumFileBytes = 128 << 20

    /// The points, in file order, or the first problem (with its line in the GPX file).
    static func locations(in data: Data) -> Result<[WorkoutRouteLocation], ImportProblem> {
        var sink = Sink()
        var tokenizer = XMLTokenizer()
        do {
            try data.withUnsafeBytes { try tokenizer.feed($0, into: &sink) }
            try tokenizer.finish(into: &sink)
        } catch {
            return .failure(ImportProblem(.malformedXML, line: tokenizer.line, "\(error)"))
        }
        if let problem = sink.problem { return .failure(problem) }
        return .success(sink.locations)
    }

    /// The GPX text of `locations` (what Apple's export writes), for `health export --format apple`.
    static func gpx(_ locations: [WorkoutRouteLocation], name: String) -> String {
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="OpenHealthKit" xmlns="http://www.topografix.com/GPX/1/1">
          <trk>
            <name>\(ExportText.escape(name))</name>
            <trkseg>

        """
        for point in locations {
            out += "      <trkpt lon=\"\(point.longitude)\" lat=\"\(point.latitude)\"><ele>\(point.altitude)</ele>"
            out += "<time>\(ExportText.iso(point.timestamp))</time><extensions><speed>\(point.speed)</speed>"
            out += "<course>\(point.course)</course><hAcc>\(point.horizontalAccuracy)</hAcc><vAcc>\(point.verticalAccuracy)</vAcc></extensions></trkpt>\n"
        }
        return out + "    </trkseg>\n  </trk>\n</gpx>\n"
    }

    private struct Sink: XMLTokenSink {
        var locations: [WorkoutRouteLocation] = []
        var problem: ImportProblem?
        private var point: WorkoutRouteLocation?
        private var field = ""
        private var pointLine = 0

        mutating func start(_ tag: RawTag) throws {
            if tag.nameIs("trkpt") {
                pointLine = tag.line
                guard let lat = tag.raw("lat").flatMap(ExportValues.number), let lon = tag.raw("lon").flatMap(ExportValues.number) else {
                    if problem == nil { problem = ImportProblem(.badValue, line: tag.line, "trkpt without numeric lat/lon") }
                    return
                }
                point = WorkoutRouteLocation(latitude: lat, longitude: lon, altitude: 0, timestamp: Date(timeIntervalSince1970: 0))
            } else {
                field = tag.nameString
            }
        }

        mutating func end(_ name: UnsafeBufferPointer<UInt8>, line: Int) throws {
            if name.elementsEqual("trkpt".utf8), let finished = point {
                locations.append(finished)
                point = nil
            }
            field = ""
        }

        mutating func text(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) {
            guard point != nil else { return }
            let text = Bytes.decodedString(bytes).trimmingCharacters(in: .whitespacesAndNewlines)
            switch field {
            case "time":
                guard let date = ExportValues.date(text) else {
                    if problem == nil { problem = ImportProblem(.badDate, line: line, "trkpt time \"\(text)\"") }
                    return
                }
                point?.timestamp = date
            case "ele": point?.altitude = ExportValues.number(text) ?? 0
            case "speed": point?.speed = ExportValues.number(text) ?? -1
            case "course": point?.course = ExportValues.number(text) ?? -1
            case "hAcc": point?.horizontalAccuracy = ExportValues.number(text) ?? -1
            case "vAcc": point?.verticalAccuracy = ExportValues.number(text) ?? -1
            default: break
            }
        }

        mutating func malformed(_ message: String, line: Int) {
            if problem == nil { problem = ImportProblem(.malformedXML, line: line, message) }
        }
    }
}
