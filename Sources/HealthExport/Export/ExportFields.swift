import Foundation
import HealthDatabase
import HealthKitModel
import OpenHealthKit

/// Stored values back to the text export.xml holds.
enum ExportFields {
    /// A date in the offset this machine's time zone has at that instant.
    static func date(_ date: Date) -> String {
        ExportText.date(date, offset: TimeZone.current.secondsFromGMT(for: date))
    }

    /// The metadata fields of a record (attributes left out), as `MetadataEntry` key/value text, sorted by key.
    static func metadata(_ fields: [String: FieldValue]) -> [(String, String)] {
        fields.filter { !FieldKey.isAttribute($0.key) }.sorted { $0.key < $1.key }.map { key, value in
            switch value {
            case .text(let text): (key, text)
            case .number(let number): (key, ExportText.number(number))
            case .bool(let flag): (key, flag ? "1" : "0")
            case .date(let date): (key, ExportText.date(date, offset: 0))
            case .quantity(_, let text): (key, text)
            }
        }
    }

    /// ` sourceName=".." sourceVersion=".." device=".."` for a record.
    static func source(_ record: SampleRecord) -> String {
        var text = " sourceName=\"\(ExportText.escape(record.source.name))\""
        if let version = record.source.version { text += " sourceVersion=\"\(ExportText.escape(version))\"" }
        if let device = record.device { text += " device=\"\(ExportText.escape(SourceMapping.device(from: device).description))\"" }
        return text
    }

    /// ` startDate=".." endDate=".."`.
    static func interval(_ start: Date, _ end: Date) -> String {
        " startDate=\"\(date(start))\" endDate=\"\(date(end))\""
    }

    /// `MetadataEntry` lines.
    static func entries(_ pairs: [(String, String)], indent: String) -> String {
        pairs.map { "\(indent)<MetadataEntry key=\"\(ExportText.escape($0.0))\" value=\"\(ExportText.escape($0.1))\"/>\n" }.joined()
    }

    /// A quantity's value in its own unit, and the unit.
    static func quantity(_ quantity: HKQuantity) -> (String, String) {
        (ExportText.number(quantity.originalValue), quantity.originalUnit.unitString)
    }
}
