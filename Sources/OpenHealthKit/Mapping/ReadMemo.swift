import Foundation
import HealthDatabase
import HealthKitModel
import HealthUnits

/// What one read remembers from record to record while it rebuilds objects: the last type, unit, source
/// revision and device it resolved.
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

    /// The device `record` describes (see ``SourceMapping/device(from:)``).
    func device(_ record: DeviceRecord) -> HKDevice {
        if let hit = devices.value(where: { $0.isIdentical(to: record) }) ?? devices.value(where: { $0 == record }) { return hit }
        let made = SourceMapping.device(from: record)
        devices.remember(record, made)
        return made
    }
}
