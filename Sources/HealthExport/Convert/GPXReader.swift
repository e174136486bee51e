import Foundation
import HealthKitModel

/// Reads the points of a workout-routes/*.gpx file (`trkpt` with `lat`/`lon`, `ele`, `time` and the
/// `speed`, `course`, `hAcc`, `vAcc` extensions Apple writes) with the export tokenizer, values straight from the bytes.
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

    /// The GPX text of `locations` (what Apple's export writes), for `health export --format apple`. With
    /// `exportedAt`, the header is Apple's own (creator `Apple Health Export`, the schema location and a `metadata`
    /// time), as the demo export writes it.
    static func gpx(_ locations: [WorkoutRouteLocation], name: String, exportedAt: Date? = nil) -> String {
        var out = exportedAt.map { date in
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
              <metadata>
                <time>\(ExportText.iso(date))</time>
              </metadata>

            """
        } ?? """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="OpenHealthKit" xmlns="http://www.topografix.com/GPX/1/1">

        """
        out += """
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

    /// The element whose text is being read: the values of a point Apple writes.
    private enum Field {
        case none, time, elevation, speed, course, horizontalAccuracy, verticalAccuracy

        /// The field an element name (bytes) stands for.
        init(_ tag: RawTag) {
            if tag.nameIs("time") { self = .time }
            else if tag.nameIs("ele") { self = .elevation }
            else if tag.nameIs("speed") { self = .speed }
            else if tag.nameIs("course") { self = .course }
            else if tag.nameIs("hAcc") { self = .horizontalAccuracy }
            else if tag.nameIs("vAcc") { self = .verticalAccuracy }
            else { self = .none }
        }
    }

    /// Collects points from the tokenizer's events, reading values from the bytes: no strings are made for names or
    /// for plain ASCII values (the hot path of an export with many routes); text with entities or non-ASCII bytes
    /// goes through the decoded string, so it reads exactly as the string-based reader read it.
    private struct Sink: XMLTokenSink {
        var locations: [WorkoutRouteLocation] = []
        var problem: ImportProblem?
        private var point: WorkoutRouteLocation?
        private var field = Field.none

        mutating func start(_ tag: RawTag) throws {
            if tag.nameIs("trkpt") {
                guard let lat = tag.raw("lat").flatMap(ExportValues.number), let lon = tag.raw("lon").flatMap(ExportValues.number) else {
                    if problem == nil { problem = ImportProblem(.badValue, line: tag.line, "trkpt without numeric lat/lon") }
                    return
                }
                point = WorkoutRouteLocation(latitude: lat, longitude: lon, altitude: 0, timestamp: Date(timeIntervalSince1970: 0))
            } else {
                field = Field(tag)
            }
        }

        mutating func end(_ name: UnsafeBufferPointer<UInt8>, line: Int) throws {
            if Bytes.equal(name, "trkpt"), let finished = point {
                locations.append(finished)
                point = nil
            }
            field = .none
        }

        mutating func text(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) {
            guard point != nil, field != .none else { return }
            if Self.isPlain(bytes) {
                value(Self.trimmed(bytes), line: line)
            } else {
                var text = Bytes.decodedString(bytes).trimmingCharacters(in: .whitespacesAndNewlines)
                text.withUTF8 { value($0, line: line) }
            }
        }

        /// Stores the trimmed value `bytes` of the current field.
        private mutating func value(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) {
            switch field {
            case .time:
                guard let date = ExportValues.date(bytes) else {
                    if problem == nil { problem = ImportProblem(.badDate, line: line, "trkpt time \"\(String(decoding: bytes, as: UTF8.self))\"") }
                    return
                }
                point?.timestamp = date
            case .elevation: point?.altitude = ExportValues.number(bytes) ?? 0
            case .speed: point?.speed = ExportValues.number(bytes) ?? -1
            case .course: point?.course = ExportValues.number(bytes) ?? -1
            case .horizontalAccuracy: point?.horizontalAccuracy = ExportValues.number(bytes) ?? -1
            case .verticalAccuracy: point?.verticalAccuracy = ExportValues.number(bytes) ?? -1
            case .none: break
            }
        }

        /// Whether `bytes` are printable ASCII, tab, newline or return, without an entity: then the bytes are the text.
        private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            for byte in bytes where byte >= 0x80 || byte == UInt8(ascii: "&") || (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) {
                return false
            }
            return true
        }

        /// `bytes` without ASCII white space (space, tab, newline, return, vertical tab, form feed) at either end.
        private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
            var lower = 0, upper = bytes.count
            while lower < upper, isSpace(bytes[lower]) { lower += 1 }
            while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
            return UnsafeBufferPointer(rebasing: bytes[lower..<upper])
        }

        mutating func malformed(_ message: String, line: Int) {
            if problem == nil { problem = ImportProblem(.malformedXML, line: line, message) }
        }
    }
}
