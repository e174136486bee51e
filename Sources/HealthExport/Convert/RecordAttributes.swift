import Foundation

/// The attributes of a `<Record>` tag, found in one pass over the tag (the first of each name counts, as
/// ``RawTag/raw(_:)`` finds it).
struct RecordAttributes {
    /// The raw (entity-encoded) value bytes of each attribute the importer reads, nil when absent.
    var type, sourceName, sourceVersion, device, unit, value, startDate, endDate: UnsafeBufferPointer<UInt8>?

    /// The attributes of `tag` (valid while the tag is).
    init(_ tag: RawTag) {
        for attribute in tag.attributes {
            let name = tag.slice(attribute.name)
            let value = tag.slice(attribute.value)
            switch name.count {
            case 4:
                if type == nil, Bytes.equal(name, "type") { type = value }
                else if unit == nil, Bytes.equal(name, "unit") { unit = value }
            case 5: if self.value == nil, Bytes.equal(name, "value") { self.value = value }
            case 6: if device == nil, Bytes.equal(name, "device") { device = value }
            case 7: if endDate == nil, Bytes.equal(name, "endDate") { endDate = value }
            case 9: if startDate == nil, Bytes.equal(name, "startDate") { startDate = value }
            case 10: if sourceName == nil, Bytes.equal(name, "sourceName") { sourceName = value }
            case 13: if sourceVersion == nil, Bytes.equal(name, "sourceVersion") { sourceVersion = value }
            default: break
            }
        }
    }
}
