public import Foundation

/// A FHIR version number, `major.minor.patch` (iOS 14).
open class HKFHIRVersion: NSObject, NSCopying, @unchecked Sendable {
    /// The major version.
    public let majorVersion: Int
    /// The minor version.
    public let minorVersion: Int
    /// The patch version.
    public let patchVersion: Int

    /// Creates a version from its three numbers (OpenHealthKit extension; HealthKit only parses strings).
    public init(majorVersion: Int, minorVersion: Int, patchVersion: Int) {
        self.majorVersion = majorVersion
        self.minorVersion = minorVersion
        self.patchVersion = patchVersion
        super.init()
    }

    /// Parses `"<major>.<minor>.<patch>"`, three non-negative decimal integers.
    ///
    /// Throws an ``HKError`` with code ``HKError/Code/errorInvalidArgument`` for anything else.
    public convenience init(fromVersionString versionString: String) throws {
        let numbers = try Self.parse(versionString)
        self.init(majorVersion: numbers[0], minorVersion: numbers[1], patchVersion: numbers[2])
    }

    /// The three numbers of a version string, or a descriptive error.
    private static func parse(_ string: String) throws(HKError) -> [Int] {
        let parts = string.split(separator: ".", omittingEmptySubsequences: false)
        let expected = "expected <major>.<minor>.<patch> with non-negative integers, e.g. \"4.0.1\""
        guard parts.count == 3 else {
            throw HKError(.errorInvalidArgument, "Invalid FHIR version string \"\(string)\": \(expected)")
        }
        return try parts.map { part throws(HKError) -> Int in
            guard !part.isEmpty, part.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(part) else {
                throw HKError(
                    .errorInvalidArgument,
                    "Invalid FHIR version string \"\(string)\": \"\(part)\" is not a number; \(expected)"
                )
            }
            return number
        }
    }

    /// The release: 1.0.x is DSTU2, 4.0.x is R4, anything else unknown.
    public var fhirRelease: HKFHIRRelease {
        switch (majorVersion, minorVersion) {
        case (1, 0): .dstu2
        case (4, 0): .r4
        default: .unknown
        }
    }

    /// `"major.minor.patch"`.
    public var stringRepresentation: String { "\(majorVersion).\(minorVersion).\(patchVersion)" }

    /// DSTU2's primary version, 1.0.2.
    public class func primaryDSTU2() -> HKFHIRVersion {
        HKFHIRVersion(majorVersion: 1, minorVersion: 0, patchVersion: 2)
    }

    /// R4's primary version, 4.0.1.
    public class func primaryR4() -> HKFHIRVersion {
        HKFHIRVersion(majorVersion: 4, minorVersion: 0, patchVersion: 1)
    }

    /// Versions are equal when all three numbers are equal.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKFHIRVersion else { return false }
        return other.majorVersion == majorVersion && other.minorVersion == minorVersion
            && other.patchVersion == patchVersion
    }

    /// Hash of the three numbers.
    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(majorVersion)
        hasher.combine(minorVersion)
        hasher.combine(patchVersion)
        return hasher.finalize()
    }

    /// `<HKFHIRVersion 4.0.1 (R4)>`.
    public override var description: String { "<HKFHIRVersion \(stringRepresentation) (\(fhirRelease.rawValue))>" }

    /// Returns `self`: versions are immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}
