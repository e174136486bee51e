import Foundation
import HealthDatabase
import HealthKitModel
import HealthUnits

/// What one read remembers from record to record while it rebuilds objects: the last type, unit, source
/// revision and device it resolved.
///
/// The records of one read name a handful of each, and the storage layer hands out equal values with shared
/// storage, so a hit is a pointer comparison. Without it every sample looked its type up in the catalogue,
/// parsed its unit through the shared unit cache (a lock and a hash) into a new `HKUnit`, and took the
/// shared memos' locks for its revision and device: about two thirds of mapping 100 heart-rate samples.
/// Every value handed out is immutable, so samples share them safely. One read, one memo, one thread.
package final class ReadMemo {
    private var typeName: String?
    private var type: HKObjectType?
    private var unitString: String?
    private var unit: HKUnit?
    private var source: SourceRecord?
    private var revision: HKSourceRevision?
    private var deviceRecord: DeviceRecord?
    private var device: HKDevice?

    /// An empty memo, for one read.
    package init() {}

    /// The known type named `identifier`, or nil.
    func type(named identifier: String) -> HKObjectType? {
        if identifier == typeName, let type { return type }
        let found = HKObjectType.type(forIdentifier: identifier)
        (typeName, type) = (identifier, found)
        return found
    }

    /// The unit `string` describes.
    func unit(_ string: String) throws(HKUnitError) -> HKUnit {
        if string == unitString, let unit { return unit }
        let parsed = try HKUnit.checked(from: string)
        (unitString, unit) = (string, parsed)
        return parsed
    }

    /// The source revision `record` describes (see ``SourceMapping/revision(from:)``).
    func revision(_ record: SourceRecord) -> HKSourceRevision {
        if record == source, let revision { return revision }
        let made = SourceMapping.revision(from: record)
        (source, revision) = (record, made)
        return made
    }

    /// The device `record` describes (see ``SourceMapping/device(from:)``).
    func device(_ record: DeviceRecord) -> HKDevice {
        if record == deviceRecord, let device { return device }
        let made = SourceMapping.device(from: record)
        (deviceRecord, device) = (record, made)
        return made
    }
}
