import Foundation

/// The JSON coders of the API: ISO 8601 dates (with or without fractional seconds on input, milliseconds on output),
/// sorted keys, and `Date.ISO8601FormatStyle` rather than `ISO8601DateFormatter` (about 30 times faster).
enum WireCoding {
    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let withoutFraction = Date.ISO8601FormatStyle()

    /// The date `text` names (`2026-11-26T10:00:00Z`, `2026-11-26T10:00:00.250+01:00`), or nil.
    static func date(_ text: String) -> Date? {
        (try? withFraction.parse(text)) ?? (try? withoutFraction.parse(text))
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
