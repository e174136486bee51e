public import Foundation

/// The root of everything stored in HealthKit: a UUID, where it came from, and its metadata.
///
/// As in HealthKit, objects are immutable and compare by `uuid`. Objects an app creates carry the
/// app's own source revision (``HKSource/default()``); objects read from a store carry the revision
/// that saved them.
open class HKObject: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The object's unique identifier.
    public let uuid: UUID
    /// The app or device revision that created the object.
    public let sourceRevision: HKSourceRevision
    /// The device that produced the data, if known.
    public let device: HKDevice?
    /// Extra information; values are strings, `NSNumber`s, dates or quantities. Numbers come back as `NSNumber`s
    /// whatever Swift type was stored, as in HealthKit, so `2` reads back `as? Double` and `true` `as? Int`.
    public let metadata: [String: Any]?

    /// The app that created the object.
    @available(*, deprecated, message: "Use sourceRevision")
    public var source: HKSource { sourceRevision.source }

    /// Designated initialiser for the model and the store (OpenHealthKit extension, package access).
    package init(uuid: UUID, sourceRevision: HKSourceRevision?, device: HKDevice?, metadata: [String: Any]?) {
        self.uuid = uuid
        self.sourceRevision = sourceRevision ?? HKSourceRevision.currentApp
        self.device = device
        self.metadata = MetadataValidation.normalized(metadata)
        super.init()
    }

    /// Objects archive securely, as HealthKit's adopt NSSecureCoding: every sample class archives and unarchives.
    public class var supportsSecureCoding: Bool { true }

    /// Archives the UUID, source revision, device and metadata; subclasses add their own values.
    public func encode(with coder: NSCoder) {
        coder.encode(uuid.uuidString as NSString, forKey: "uuid")
        coder.encode(sourceRevision, forKey: "sourceRevision")
        coder.encode(device, forKey: "device")
        coder.encode(ObjectCoding.archived(metadata), forKey: "metadata")
    }

    /// Unarchives an object; fails when the archive lacks its UUID or source revision.
    public required init?(coder: NSCoder) {
        guard let text = coder.decodeObject(of: NSString.self, forKey: "uuid"), let uuid = UUID(uuidString: text as String),
              let revision = coder.decodeObject(of: HKSourceRevision.self, forKey: "sourceRevision") else { return nil }
        self.uuid = uuid
        self.sourceRevision = revision
        self.device = coder.decodeObject(of: HKDevice.self, forKey: "device")
        self.metadata = MetadataValidation.normalized(ObjectCoding.metadata(
            from: coder.decodeObject(of: ObjectCoding.archivableClasses, forKey: "metadata") as? NSDictionary))
        super.init()
    }

    /// Objects are equal when their UUIDs are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKObject else { return false }
        return other.uuid == uuid
    }

    /// Hash of the UUID, consistent with `isEqual(_:)`.
    public override var hash: Int { uuid.hashValue }
}

extension HKSourceRevision {
    /// The calling app's revision: ``HKSource/default()`` with no version, made once.
    static let currentApp = HKSourceRevision(source: .default(), version: nil)
}
