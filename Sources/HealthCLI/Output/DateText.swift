import Foundation

/// Dates as the CLI reads and writes them: ISO 8601, in the machine's time zone unless one is given.
enum DateText {
    /// Parses `2024-03-01` (midnight in `timeZone`), `2024-03-01T08:30` (local) or a full ISO 8601 timestamp.
    static func parse(_ text: String, timeZone: TimeZone = .current) -> Date? {
        let full = ISO8601DateFormatter()
        if let date = full.date(from: text) { return date }
        for format in ["yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = timeZone
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    /// `date` as ISO 8601 with the offset of `timeZone`, e.g. `2024-03-01T08:30:00+01:00`.
    static func format(_ date: Date, timeZone: TimeZone = .current) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        return formatter.string(from: date)
    }
}
