import Foundation
@testable import HealthServer
import NIOCore
import Testing

/// The API's hand-written JSON writer against `JSONEncoder` configured as the API used it (``WireCoding/encoder()``):
/// random values of every wire type and response, written both ways, must be the same bytes, and parse to the same JSON.
@Suite struct JSONWriterTests {
    /// The JSON `value` gets from both, compared; the first difference is reported with both texts around it.
    private func expectSame<Value: Encodable & JSONWritable>(_ value: Value, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try WireCoding.encoder().encode(value)
        let written = Data(try JSONWriter.bytes(value).readableBytesView)
        guard expected != written else { return }
        let at = zip(expected, written).prefix { $0 == $1 }.count
        func around(_ data: Data) -> String { String(decoding: data.dropFirst(max(0, at - 60)).prefix(160), as: UTF8.self) }
        Issue.record("bytes differ at \(at) of \(expected.count)/\(written.count):\nJSONEncoder: \(around(expected))\nJSONWriter:  \(around(written))",
                     sourceLocation: sourceLocation)
        let parsedExpected = try JSONSerialization.jsonObject(with: expected, options: [.fragmentsAllowed])
        let parsedWritten = try JSONSerialization.jsonObject(with: written, options: [.fragmentsAllowed])
        #expect(Self.sameJSON(parsedExpected, parsedWritten), "and they parse to different JSON", sourceLocation: sourceLocation)
    }

    /// Whether two parsed JSON values are equal (numbers by value, objects by key).
    static func sameJSON(_ left: Any, _ right: Any) -> Bool {
        switch (left, right) {
        case let (left as [String: Any], right as [String: Any]):
            left.count == right.count && left.allSatisfy { key, value in right[key].map { sameJSON(value, $0) } ?? false }
        case let (left as [Any], right as [Any]): left.count == right.count && zip(left, right).allSatisfy(sameJSON)
        case let (left as String, right as String): left == right
        case let (left as NSNumber, right as NSNumber): left == right
        case (is NSNull, is NSNull): true
        default: false
        }
    }

    @Test("random samples of every kind, with hostile strings, extreme numbers and dates from before year 1 to past 30,000: the same bytes as JSONEncoder")
    func samples() throws {
        var generator = WireValueGenerator(seed: 20)
        var samples: [WireSample] = []
        for _ in 0..<1_500 {
            let sample = generator.sample()
            try expectSame(sample)
            samples.append(sample)
        }
        // The generator reaches every field of every wire type, so a field added later without the writer's side fails here.
        let unreached = Self.optionalFields(of: samples).filter { !$0.value }.map(\.key).sorted()
        #expect(unreached.isEmpty, "the generator never fills \(unreached)")
        try expectSame(SampleRoutes.SamplePage(samples: Array(samples.prefix(100)), nextOffset: 100))
        try expectSame(SampleRoutes.SamplePage(samples: [], nextOffset: nil))
        try expectSame(ChangeRoutes.ChangePage(samples: Array(samples.suffix(50)), deletedObjects: (0..<20).map { _ in
            ChangeRoutes.DeletedObject(uuid: generator.uuid(), metadata: generator.maybe { $0.metadata() })
        }, anchor: "12345", more: true))
    }

    @Test("every other response: statistics, series, saves, errors, small objects")
    func responses() throws {
        var generator = WireValueGenerator(seed: 21)
        for _ in 0..<200 {
            try expectSame(StatisticsRoutes.StatisticsPage(unit: generator.string(), statistics: generator.list(31) { $0.figures(true) }))
            try expectSame(SeriesRoutes.Locations(locations: generator.list(5) { $0.location() }))
            try expectSame(SeriesRoutes.Heartbeats(heartbeats: generator.list(5) {
                WireHeartbeat(timeSinceSeriesStart: $0.double(), precededByGap: $0.chance())
            }))
            try expectSame(SeriesRoutes.Voltages(voltageMeasurements: generator.list(5) {
                WireVoltageMeasurement(timeSinceSampleStart: $0.double(), appleWatchSimilarToLeadI: $0.maybe { $0.double() })
            }))
            try expectSame(SampleRoutes.SaveResponse(saved: generator.list(5) { $0.uuid() }, alreadyStored: generator.list(5) { $0.uuid() }))
            try expectSame(AccountRoutes.Me(person: generator.string(), access: "app", app: generator.maybe { $0.string() }))
            try expectSame(APIResponses.ErrorBody(error: .init(code: generator.maybe { $0.integer() }, name: generator.maybe { $0.string() },
                                                               message: generator.string())))
            try expectSame(["sources": generator.list(4) { $0.source() }])
            try expectSame(["status": Dictionary(generator.list(6) { ($0.string(), $0.string()) }, uniquingKeysWith: { first, _ in first })])
            try expectSame(["deleted": generator.integer()])
            try expectSame(generator.json())
        }
    }

    @Test("numbers JSON cannot hold are refused, as JSONEncoder refuses them")
    func nonFiniteNumbers() {
        for number in [Double.nan, .infinity, -.infinity, .signalingNaN] {
            #expect(throws: EncodingError.self) { try JSONWriter.bytes(WireQuantity(value: number, unit: "count")) }
            #expect(throws: EncodingError.self) { try WireCoding.encoder().encode(WireQuantity(value: number, unit: "count")) }
        }
    }

    @Test("escapes and numbers, byte for byte")
    func knownText() throws {
        let text = "\"\\/\u{0}\u{8}\t\n\u{c}\r\u{1f}\u{7f}é\u{301}👩‍👩‍👧"
        #expect(String(buffer: try JSONWriter.bytes(text)) == #""\"\\/\u0000\b\t\n\f\r\u001f"# + "\u{7f}é\u{301}👩‍👩‍👧\"")
        #expect(String(buffer: try JSONWriter.bytes([0.1, -0.0, 1e300, 1e-300, 72, 1e15, 1e16, 9_007_199_254_740_993] as [Double]))
            == "[0.1,-0,1e+300,1e-300,72,1000000000000000,1e+16,9007199254740992]")
        #expect(String(buffer: try JSONWriter.bytes(Date(timeIntervalSince1970: 1_795_687_200.25))) == #""2026-11-26T10:00:00.250Z""#)
    }

    /// For every optional stored property of every type inside `values` (`WireSample.quantity`, `WireDevice.model`, …):
    /// whether some value had it set.
    static func optionalFields(of values: [Any]) -> [String: Bool] {
        var fields: [String: Bool] = [:]
        func visit(_ value: Any) {
            let mirror = Mirror(reflecting: value)
            switch mirror.displayStyle {
            case .optional:
                if let wrapped = mirror.children.first?.value { visit(wrapped) }
            case .collection, .dictionary:
                for child in mirror.children { visit(child.value) }
            case .struct, .tuple:
                for child in mirror.children {
                    guard let label = child.label else { visit(child.value); continue }
                    let inner = Mirror(reflecting: child.value)
                    if inner.displayStyle == .optional, "\(mirror.subjectType)".hasPrefix("Wire") {
                        let key = "\(mirror.subjectType).\(label)"
                        fields[key] = (fields[key] ?? false) || !inner.children.isEmpty
                    }
                    visit(child.value)
                }
            case .enum:
                for child in mirror.children { visit(child.value) }
            default: break
            }
        }
        values.forEach(visit)
        return fields
    }
}
