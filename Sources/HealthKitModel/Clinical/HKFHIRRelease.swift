import Foundation

/// A FHIR release, derived from a ``HKFHIRVersion`` (iOS 14).
public struct HKFHIRRelease: StringIdentifier {
    /// The release name.
    public let rawValue: String
    /// Creates a release from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// FHIR DSTU2 (versions 1.0.x).
    public static let dstu2 = Self(rawValue: "DSTU2")
    /// FHIR R4 (versions 4.0.x).
    public static let r4 = Self(rawValue: "R4")
    /// A release HealthKit does not know.
    public static let unknown = Self(rawValue: "unknown")
}
