public import Foundation

/// Matches any source version in a source-revision predicate.
public let HKSourceRevisionAnyVersion: String = "HKSourceRevisionAnyVersion"

/// Matches any product type in a source-revision predicate.
public let HKSourceRevisionAnyProductType: String = "HKSourceRevisionAnyProductType"

/// Matches any operating system in a source-revision predicate (0.0.0).
public let HKSourceRevisionAnyOperatingSystem = OperatingSystemVersion(majorVersion: 0, minorVersion: 0, patchVersion: 0)

/// A specific release of the app or device that saved a sample.
public final class HKSourceRevision: NSObject, NSCopying, @unchecked Sendable {
    /// The app or device.
    public let source: HKSource
    /// The app's `CFBundleVersion` when it saved the sample; `nil` for old data.
    public let version: String?
    /// The hardware model identifier of the device that saved the sample (e.g. `"iPhone12,3"`).
    public let productType: String?
    /// The operating-system version of the device that saved the sample.
    public let operatingSystemVersion: OperatingSystemVersion

    /// Creates a revision with every field.
    public init(source: HKSource, version: String?, productType: String?, operatingSystemVersion: OperatingSystemVersion) {
        self.source = source
        self.version = version
        self.productType = productType
        self.operatingSystemVersion = operatingSystemVersion
        super.init()
    }

    /// Creates a revision whose product type and operating system are the "any" wildcards,
    /// as HealthKit does.
    public convenience init(source: HKSource, version: String?) {
        self.init(
            source: source, version: version,
            productType: HKSourceRevisionAnyProductType,
            operatingSystemVersion: HKSourceRevisionAnyOperatingSystem
        )
    }

    /// Revisions are equal when source, version, product type and operating system are equal.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKSourceRevision else { return false }
        return other === self
            || (other.source.isEqual(source) && other.version == version && other.productType == productType
                && other.operatingSystemVersion.isSameVersion(as: operatingSystemVersion))
    }

    /// Hash of all fields, consistent with `isEqual(_:)`.
    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(source.hash)
        hasher.combine(version)
        hasher.combine(productType)
        operatingSystemVersion.hash(into: &hasher)
        return hasher.finalize()
    }

    /// `<HKSourceRevision name:…, bundle:…, version:…, productType:…, operatingSystemVersion:…>`.
    public override var description: String {
        "<HKSourceRevision name:\(source.name), bundle:\(source.bundleIdentifier), version:\(version ?? "(null)"), "
            + "productType:\(productType ?? "(null)"), operatingSystemVersion:\(operatingSystemVersion.healthVersionString)>"
    }

    /// Returns `self`: revisions are immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}
