public import Foundation

/// An app or device that saves data to HealthKit.
///
/// As in HealthKit, two sources are equal when their bundle identifiers are equal; the display
/// name can change between releases of the same app.
public final class HKSource: NSObject, NSCopying, @unchecked Sendable {
    /// The source's display name.
    public let name: String
    /// The source's bundle identifier.
    public let bundleIdentifier: String

    /// Creates a source (OpenHealthKit extension).
    ///
    /// HealthKit offers no public initialiser: apps get their own source from ``default()`` and other
    /// sources from queries. OpenHealthKit's store and importer create sources with this initialiser.
    public init(name: String, bundleIdentifier: String) {
        self.name = name
        self.bundleIdentifier = bundleIdentifier
        super.init()
    }

    /// The source of the calling app.
    ///
    /// HealthKit derives it from the app's entitlements. OpenHealthKit uses, in order: the
    /// `OPENHEALTHKIT_APP` environment variable (as name and bundle identifier), `Bundle.main`'s
    /// bundle identifier (named by `CFBundleDisplayName`, else `CFBundleName`, else the process name),
    /// and finally the executable's name for both. They are read once, the first time it is asked for: the
    /// app's identity does not change while it runs, and every sample an app creates asks for it.
    public class func `default`() -> HKSource { processDefault }

    private static let processDefault = HKSource.resolveDefault(
        environment: ProcessInfo.processInfo.environment,
        bundle: Bundle.main,
        processName: ProcessInfo.processInfo.processName
    )

    /// The environment variable that names the calling app (OpenHealthKit extension).
    public static let appEnvironmentVariable = "OPENHEALTHKIT_APP"

    /// ``default()`` computed from explicit inputs, so tests can exercise each rule.
    package static func resolveDefault(environment: [String: String], bundle: Bundle?, processName: String) -> HKSource {
        if let app = environment[appEnvironmentVariable]?.trimmingCharacters(in: .whitespaces), !app.isEmpty {
            return HKSource(name: app, bundleIdentifier: app)
        }
        if let bundle, let identifier = bundle.bundleIdentifier, !identifier.isEmpty {
            let name = ["CFBundleDisplayName", "CFBundleName"].lazy
                .compactMap { bundle.object(forInfoDictionaryKey: $0) as? String }
                .first { !$0.isEmpty }
            return HKSource(name: name ?? processName, bundleIdentifier: identifier)
        }
        return HKSource(name: processName, bundleIdentifier: processName)
    }

    /// Sources are equal when their bundle identifiers are equal (HealthKit's rule).
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKSource else { return false }
        return other === self || other.bundleIdentifier == bundleIdentifier
    }

    /// Hash of the bundle identifier, consistent with `isEqual(_:)`.
    public override var hash: Int { bundleIdentifier.hashValue }

    /// `<HKSource name:…, bundle:…>`.
    public override var description: String {
        "<HKSource name:\(name), bundle:\(bundleIdentifier)>"
    }

    /// Returns `self`: sources are immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

extension HKSource {
    /// OpenHealthKit's own Health app: the source of data a person enters with the `health` tool or the
    /// dashboard, and of the person's own store access (OpenHealthKit extension).
    public static let healthApp = HKSource(name: "Health", bundleIdentifier: "org.openhealthkit.health")
}
