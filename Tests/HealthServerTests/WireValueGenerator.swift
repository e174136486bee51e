import Foundation
@testable import HealthServer
import TestSupport

/// Random wire values for `JSONWriterTests`: every kind of sample and every field, hostile strings (quotes,
/// backslashes, control characters, emoji, lone combining marks, separators JavaScript dislikes), extreme numbers and
/// dates from year 1 to past 9999. Seeded, so a failure repeats.
struct WireValueGenerator {
    var random: SeededGenerator

    /// The awkward pieces strings are made of.
    static let stringPieces = [
        "\"", "\\", "/", "\\/", "\u{0}", "\u{1}", "\u{7}", "\u{8}", "\t", "\n", "\u{b}", "\u{c}", "\r", "\u{e}", "\u{f}", "\u{10}",
        "\u{1b}", "\u{1f}", "\u{7f}", "\u{80}", "\u{9f}", "é", "e\u{301}", "\u{301}", "\u{20dd}", "👩‍👩‍👧", "🏃🏽‍♀️", "\u{2028}", "\u{2029}",
        "\u{feff}", "\u{202e}", "\u{200d}", "漢字", "ß", "Ω", " ", "a", "Z", "0", "HKMetadataKeySyncIdentifier", "{", "}", "[", ":", ",",
        "null", "<script>", "&amp;", "\u{fffd}", "\u{10ffff}",
    ]

    /// Numbers at the edges of how doubles are printed.
    static let doubles: [Double] = [
        0, -0.0, 0.1, 0.2, 0.30000000000000004, 1e-300, 1e300, -1e300, 5e-324, -5e-324, .leastNormalMagnitude, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, 1e15, 1e15 - 1, -1e15, 999_999_999_999_999.9, 1e16, 9_007_199_254_740_992, 9_007_199_254_740_993,
        -9_007_199_254_740_992, 123_456_789_012_345_678, 1e21, 1e-7, 0.0001, 72, -5, 1, -1, 100, 0.5, 1.5, 2.5e-5, 3.14159, 1_000_000,
        Double(Int64.max), Double(Int64.min), 4_294_967_296, 61.234, 0.001,
    ]

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    mutating func chance(_ percent: Int = 50) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    mutating func string(maximumPieces: Int = 6) -> String {
        (0..<Int.random(in: 0...maximumPieces, using: &random)).map { _ in
            chance(20) ? String(UnicodeScalar(UInt8.random(in: 0...0x7F, using: &random))) : Self.stringPieces.randomElement(using: &random)!
        }.joined()
    }

    mutating func double() -> Double {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return Self.doubles.randomElement(using: &random)!
        case 1:
            let bits = Double(bitPattern: random.next())
            return bits.isFinite ? bits : 1.0
        case 2: return Double(Int.random(in: -10_000_000_000_000_000...10_000_000_000_000_000, using: &random))
        case 3: return Double(Int.random(in: -1_000_000...1_000_000, using: &random)) / 1000
        default: return Double.random(in: -1e6...1e6, using: &random)
        }
    }

    mutating func integer() -> Int {
        chance(10) ? [Int.min, Int.max, 0, -1].randomElement(using: &random)! : Int.random(in: -1_000_000...1_000_000, using: &random)
    }

    /// Seconds since 1970: mostly recent dates (whole seconds, milliseconds, any fraction), then the edges.
    mutating func date() -> Date {
        let recent = Double(Int.random(in: 946_684_800...1_893_456_000, using: &random))
        let seconds: Double = switch Int.random(in: 0..<8, using: &random) {
        case 0: recent
        case 1: recent + Double(Int.random(in: 0..<1000, using: &random)) / 1000
        case 2: recent + Double.random(in: 0..<1, using: &random)
        case 3: Double.random(in: -62_135_596_800...253_402_300_799, using: &random)  // years 1 to 9999
        case 4: [-11_644_473_600, -11_644_473_600.001, -12_219_292_800, 253_402_300_799.999, 253_402_300_800, -62_135_596_800, 0, -0.001,
                 -0.0005, 0.007, 0.0015].randomElement(using: &random)!
        case 5: Double.random(in: -1e12...1e12, using: &random)
        case 6: Double(Int.random(in: -20_000_000_000...20_000_000_000, using: &random)) + Double(Int.random(in: 0..<1000, using: &random)) / 1000
        default: recent - Double.random(in: 0..<1, using: &random)
        }
        return Date(timeIntervalSince1970: seconds)
    }

    mutating func uuid() -> UUID {
        withUnsafeBytes(of: (random.next(), random.next())) { UUID(uuid: $0.load(as: uuid_t.self)) }
    }

    mutating func maybe<T>(_ make: (inout Self) -> T) -> T? { chance() ? make(&self) : nil }

    mutating func list<T>(_ maximum: Int, _ make: (inout Self) -> T) -> [T] {
        (0..<Int.random(in: 0...maximum, using: &random)).map { _ in make(&self) }
    }

    mutating func quantity() -> WireQuantity { WireQuantity(value: double(), unit: string()) }

    mutating func metadataValue() -> WireMetadataValue {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: .string(string())
        case 1: .number(double())
        case 2: .bool(chance())
        case 3: .date(date())
        default: .quantity(quantity())
        }
    }

    mutating func metadata() -> [String: WireMetadataValue] {
        Dictionary(list(5) { ($0.string(maximumPieces: 3), $0.metadataValue()) }, uniquingKeysWith: { first, _ in first })
    }

    mutating func json(depth: Int = 0) -> WireJSON {
        switch Int.random(in: 0..<(depth < 3 ? 6 : 4), using: &random) {
        case 0: .null
        case 1: .bool(chance())
        case 2: .number(double())
        case 3: .string(string())
        case 4: .array(list(4) { $0.json(depth: depth + 1) })
        default: .object(Dictionary(list(4) { ($0.string(maximumPieces: 2), $0.json(depth: depth + 1)) }, uniquingKeysWith: { first, _ in first }))
        }
    }

    mutating func source() -> WireSource {
        WireSource(name: string(), bundleIdentifier: string(), version: maybe { $0.string() }, productType: maybe { $0.string() },
                   operatingSystemVersion: maybe { $0.string() })
    }

    mutating func device() -> WireDevice {
        WireDevice(name: maybe { $0.string() }, manufacturer: maybe { $0.string() }, model: maybe { $0.string() },
                   hardwareVersion: maybe { $0.string() }, firmwareVersion: maybe { $0.string() }, softwareVersion: maybe { $0.string() },
                   localIdentifier: maybe { $0.string() }, udiDeviceIdentifier: maybe { $0.string() })
    }

    mutating func workout() -> WireWorkout {
        WireWorkout(activityType: UInt.random(in: 0...3000, using: &random), duration: maybe { $0.double() },
                    totalEnergyBurned: maybe { $0.quantity() }, totalDistance: maybe { $0.quantity() },
                    events: maybe { $0.list(3) { WireWorkoutEvent(type: $0.integer(), startDate: $0.date(), endDate: $0.date(),
                                                                  metadata: $0.maybe { $0.metadata() }) } })
    }

    mutating func electrocardiogram() -> WireElectrocardiogram {
        WireElectrocardiogram(classification: integer(), symptomsStatus: integer(), averageHeartRate: maybe { $0.quantity() },
                              samplingFrequency: maybe { $0.quantity() }, numberOfVoltageMeasurements: maybe { $0.integer() },
                              voltageMeasurements: maybe { $0.list(4) { WireVoltageMeasurement(timeSinceSampleStart: $0.double(),
                                                                                                 appleWatchSimilarToLeadI: $0.maybe { $0.double() }) } })
    }

    mutating func location() -> WireLocation {
        WireLocation(latitude: double(), longitude: double(), altitude: maybe { $0.double() }, timestamp: date(),
                     horizontalAccuracy: maybe { $0.double() }, verticalAccuracy: maybe { $0.double() }, course: maybe { $0.double() },
                     speed: maybe { $0.double() })
    }

    mutating func document() -> WireDocument {
        WireDocument(documentData: maybe { Data($0.string().utf8) }, title: maybe { $0.string() }, patientName: maybe { $0.string() },
                     authorName: maybe { $0.string() }, custodianName: maybe { $0.string() })
    }

    mutating func clinical() -> WireClinicalRecord {
        WireClinicalRecord(displayName: string(), resourceType: maybe { $0.string() }, identifier: maybe { $0.string() },
                           fhirVersion: maybe { $0.string() }, sourceURL: maybe { $0.string() }, resource: maybe { $0.json() })
    }

    /// A sample with any of the fields: the writer must not care which kinds go together.
    mutating func sample(depth: Int = 0) -> WireSample {
        var sample = WireSample(uuid: maybe { $0.uuid() }, type: string(), startDate: date(), endDate: date())
        sample.quantity = maybe { $0.quantity() }
        sample.value = maybe { $0.integer() }
        sample.objects = depth == 0 ? maybe { $0.list(3) { $0.sample(depth: 1) } } : nil
        sample.workout = maybe { $0.workout() }
        sample.device = maybe { $0.device() }
        sample.metadata = maybe { $0.metadata() }
        sample.source = maybe { $0.source() }
        sample.clinical = maybe { $0.clinical() }
        sample.electrocardiogram = maybe { $0.electrocardiogram() }
        sample.route = maybe { WireRoute(workout: $0.maybe { $0.uuid() }, count: $0.maybe { $0.integer() },
                                         locations: $0.maybe { $0.list(3) { $0.location() } }) }
        sample.heartbeatSeries = maybe {
            WireHeartbeatSeries(count: $0.maybe { $0.integer() },
                                heartbeats: $0.maybe { $0.list(3) { WireHeartbeat(timeSinceSeriesStart: $0.double(), precededByGap: $0.chance()) } })
        }
        sample.document = maybe { $0.document() }
        sample.audiogram = maybe { $0.audiogram() }
        sample.visionPrescription = maybe { $0.visionPrescription() }
        sample.stateOfMind = maybe { $0.stateOfMind() }
        sample.scoredAssessment = maybe { $0.scoredAssessment() }
        sample.summary = maybe { $0.string() }
        return sample
    }

    mutating func figures(_ sources: Bool) -> StatisticsRoutes.Figures {
        StatisticsRoutes.Figures(startDate: date(), endDate: date(), sum: maybe { $0.double() }, average: maybe { $0.double() },
                                 minimum: maybe { $0.double() }, maximum: maybe { $0.double() }, mostRecent: maybe { $0.double() },
                                 mostRecentDate: maybe { $0.date() }, duration: maybe { $0.double() },
                                 sources: sources ? maybe { $0.list(3) { $0.sourceFigures() } } : nil)
    }

    mutating func sourceFigures() -> StatisticsRoutes.SourceFigures {
        StatisticsRoutes.SourceFigures(source: source(), sum: maybe { $0.double() }, average: maybe { $0.double() },
                                       minimum: maybe { $0.double() }, maximum: maybe { $0.double() }, mostRecent: maybe { $0.double() },
                                       duration: maybe { $0.double() })
    }
}
