import Foundation
import HealthDatabase

/// PostgreSQL text cannot hold the NUL character (U+0000), which a Swift string may. Rather than fail a batch with the
/// server's "invalid byte sequence" and no record named, the engine checks the text it is given first and refuses it
/// with a message naming the record and the part; nothing of the batch is stored.
enum TextCheck {
    /// Throws ``StorageError/unavailable(_:)`` naming `what` when `text` holds a NUL.
    static func check(_ text: String?, _ what: @autoclosure () -> String) throws {
        guard let text, text.utf8.contains(0) else { return }
        throw StorageError.unavailable("\(what()) holds a NUL character, which PostgreSQL cannot store")
    }

    /// Checks every text of every record.
    static func check(_ records: [SampleRecord]) throws {
        for record in records {
            let at = { (part: String) in "record \(record.uuid): its \(part)" }
            try check(record.type, at("type"))
            try check(record.unit, at("unit"))
            try check(record.syncIdentifier, at("sync identifier"))
            for part in [record.source.bundleIdentifier, record.source.name, record.source.version,
                         record.source.productType, record.source.operatingSystemVersion] {
                try check(part, at("source"))
            }
            for (key, value) in record.device?.properties ?? [:] { try check(key + value, at("device property \(key)")) }
            for (key, value) in record.fields {
                try check(key, at("metadata key"))
                let columns = FieldCoding.columns(value)
                try check(columns.text, at("metadata value \(key)"))
                try check(columns.extra, at("metadata value \(key)"))
            }
        }
    }
}
