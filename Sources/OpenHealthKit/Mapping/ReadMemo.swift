import Foundation
import HealthDatabase
import HealthKitModel
import HealthUnits

/// What one read remembers from record to record while it rebuilds objects: the last type, unit, source
/// revision, device and metadata it resolved.
///
/// The records of one read name a handful of each, and the storage layer hands out equal values with shared
/// storage, so a hit is a pointer comparison: sources and devices are looked up by identity first, then by value
/// (comparing a device with the wrong entries of the list cost more than the hit). Without the memo every sample
/// looked its type up in the catalogue, parsed its unit through the shared unit cache (a lock and a hash) into a new
/// `HKUnit`, and took the shared memos' locks for its revision and device: about two thirds of mapping 100
/// heart-rate samples.
/// Every value handed out is immutable, so samples share them safely. One read, one memo, one thread.
package final class ReadMemo {
    private var types = RecentList<String, HKObjectType?>(capacity: 4)
    private var units = RecentList<String, HKUnit>(capacity: 4)
    private var revisions = RecentList<SourceRecord, HKSourceRevision>(capacity: 4)
    private var devices = RecentList<DeviceRecord, HKDevice>(capacity: 4)
    private var metadata = RecentList<[String: FieldValue], [String: Any]?>(capacity: 4)

    /// An empty memo, for one read.
    package init() {}

    /// The known type named `identifier`, or nil.
    func type(named identifier: String) -> HKObjectType? {
        if let hit = types.value(where: { $0 == identifier }) { return hit }
        let found = HKObjectType.type(forIdentifier: identifier)
        types.remember(identifier, found)
        return found
    }

    /// The unit `string` describes.
    func unit(_ string: String) throws(UnitParseError) -> HKUnit {
        if let hit = units.value(where: { $0 == string }) { return hit }
        let parsed = try HKUnit.checked(from: string)
        units.remember(string, parsed)
        return parsed
    }

    /// The source revision `record` describes (see ``SourceMapping/revision(from:)``).
    func revision(_ record: SourceRecord) -> HKSourceRevision {
        if let hit = revisions.value(where: { $0.isIdentical(to: record) }) ?? revisions.value(where: { $0 == record }) { return hit }
        let made = SourceMapping.revision(from: record)
        revisions.remember(record, made)
        return made
    }

    /// The metadata `fields` hold (see ``MetadataMapping/metadata(from:)``). Samples with equal fields share one
    /// dictionary (its values are immutable: strings, `NSNumber`s, dates, quantities): the records of a read carry a
    /// few distinct field sets (a heart rate's motion context is one of three numbers), and building a dictionary and
    /// its `NSNumber` for every sample cost more than comparing one-entry dictionaries.
    func metadata(_ fields: [String: FieldValue]) throws(HKError) -> [String: Any]? {
        if let hit = metadata.value(where: { Self.same($0, fields) }) { return hit }
        let made = try MetadataMapping.metadata(from: fields)
        metadata.remember(fields, made)
        return made
    }

    /// Whether two field sets hold the same keys and values byte for byte. Not `==`: strings compare equal when they
    /// are canonically equivalent (a precomposed and a decomposed "é"), and a sample must get back the exact text it was
    /// saved with.
    static func same(_ a: [String: FieldValue], _ b: [String: FieldValue]) -> Bool {
        guard a.count == b.count else { return false }
        for (key, value) in a {
            guard let index = b.index(forKey: key), sameBytes(key, b[index].key) else { return false }
            switch (value, b[index].value) {
            case let (.text(x), .text(y)), let (.quantity(_, x), .quantity(_, y)):
                guard value == b[index].value, sameBytes(x, y) else { return false }
            case let (x, y):
                guard x == y else { return false }
            }
        }
        return true
    }

    /// Whether two strings hold the same UTF-8 bytes (compared in place when both are contiguous, as read strings are).
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        let inPlace = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
        return inPlace.flatMap { $0 } ?? a.utf8.elementsEqual(b.utf8)
    }

    /// The device `record` describes (see ``SourceMapping/device(from:)``).
    func device(_ record: DeviceRecord) -> HKDevice {
        if let hit = devices.value(where: { $0.isIdentical(to: record) }) ?? devices.value(where: { $0 == record }) { return hit }
        let made = SourceMapping.device(from: record)
        devices.remember(record, made)
        return made
    }
}
