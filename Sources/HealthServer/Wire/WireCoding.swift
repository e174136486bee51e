import Foundation
import HealthKitModel

/// The JSON coders of the API: RFC 3339 dates (any fractional digits and offset on input, milliseconds in UTC on
/// output) and sorted keys. Dates are read by hand (``date(_:)``): Foundation's ISO 8601 parsers refuse offsets beyond
/// ±14 hours and more than three fractional digits, which RFC 3339 allows, and the formatter class is slow.
enum WireCoding {
    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// The date `text` names in RFC 3339 form (`2026-11-26T10:00:00Z`, `2026-11-26t10:00:00.250123+01:00`), or nil.
    static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[from..<from + count] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard bytes.count >= 20, bytes[4] == 45, bytes[7] == 45, [84, 116, 32].contains(bytes[10]), bytes[13] == 58, bytes[16] == 58,
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
              let minute = number(14, 2), let second = number(17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var index = 19
        var fraction = 0.0
        if index < bytes.count, bytes[index] == 46 {
            var scale = 0.1
            index += 1
            let start = index
            while index < bytes.count, (48...57).contains(bytes[index]) {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offset = 0
        switch bytes[index] {
        case 90, 122: index += 1
        case 43, 45:
            guard let hours = number(index + 1, 2), index + 3 < bytes.count, bytes[index + 3] == 58, let minutes = number(index + 4, 2),
                  hours < 24, minutes < 60 else { return nil }
            offset = (hours * 3600 + minutes * 60) * (bytes[index] == 43 ? 1 : -1)
            index += 6
        default: return nil
        }
        guard index == bytes.count, day <= CivilDays.inMonth(month, year: year) else { return nil }
        let days = CivilDays.since1970(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    /// `date` in ISO 8601 with milliseconds, UTC.
    static func text(_ date: Date) -> String {
        withFraction.format(date)
    }

    /// A decoder for request bodies.
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = date(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not an ISO 8601 date")
            }
            return date
        }
        return decoder
    }

    /// An encoder for responses.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(text(date))
        }
        return encoder
    }
}
