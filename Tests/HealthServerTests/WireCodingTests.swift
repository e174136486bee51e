import Foundation
@testable import HealthServer
import Testing

/// RFC 3339 dates as the API reads them, checked against Foundation's own parser where it can read them.
@Suite struct WireCodingTests {
    @Test("dates Foundation reads come out the same; RFC 3339 forms it refuses are read too; malformed ones are refused")
    func dates() throws {
        let foundation = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        for text in ["2026-11-26T10:00:00.000Z", "2024-02-29T23:59:59.999+05:30", "1900-01-01T00:00:00.000Z", "1969-12-31T23:59:59.500-08:00",
                     "2400-02-29T12:00:00.250Z", "1583-01-01T00:00:00.000Z"] {
            let expected = try foundation.parse(text)
            #expect(abs((WireCoding.date(text)?.timeIntervalSince1970 ?? 0) - expected.timeIntervalSince1970) < 1e-6, "\(text): \(String(describing: WireCoding.date(text)?.timeIntervalSince1970)) vs \(expected.timeIntervalSince1970)")
        }
        // RFC 3339 counts in the proleptic Gregorian calendar (Foundation switches to the Julian one before 1582).
        #expect(WireCoding.date("0001-01-01T00:00:00Z")?.timeIntervalSince1970 == -62_135_596_800)
        #expect(WireCoding.date("2026-11-26T10:00:00Z")?.timeIntervalSince1970 == 1_795_687_200)
        #expect(WireCoding.date("2026-11-26t10:00:00.123456+23:59")?.timeIntervalSince1970 == 1_795_687_200 - 86_340 + 0.123456)
        for bad in ["", "2026-11-26", "2026-11-26T10:00:00", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z", "2025-02-29T00:00:00Z",
                    "2026-11-26T24:00:00Z", "2026-11-26T10:00:00.Z", "2026-11-26T10:00:00+1:00", "2026-11-26T10:00:00Zjunk", "yesterday"] {
            #expect(WireCoding.date(bad) == nil, "\(bad)")
        }
    }
}
