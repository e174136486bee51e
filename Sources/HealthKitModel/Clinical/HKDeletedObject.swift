public import Foundation

/// What remains of a deleted object, reported by anchored queries: its UUID and, when it had them,
/// its sync identifier and sync version.
open class HKDeletedObject: NSObject, @unchecked Sendable {
    /// The deleted object's UUID.
    public let uuid: UUID
    /// The deleted object's sync identifier and version, and nothing else.
    public let metadata: [String: Any]?

    /// Creates a deleted-object record (OpenHealthKit extension, for stores). Only the sync identifier
    /// and sync version are kept from `metadata`, as in HealthKit.
    public init(uuid: UUID, metadata: [String: Any]?) {
        self.uuid = uuid
        let kept = metadata?.filter { $0.key == HKMetadataKeySyncIdentifier || $0.key == HKMetadataKeySyncVersion }
        self.metadata = MetadataValidation.normalized(kept)
        super.init()
    }

    /// Deleted objects are equal when their UUIDs are.
    public override func isEqual(_ object: Any?) -> Bool { (object as? HKDeletedObject)?.uuid == uuid }
    /// Hash of the UUID.
    public override var hash: Int { uuid.hashValue }
}
