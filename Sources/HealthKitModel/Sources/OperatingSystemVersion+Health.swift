public import Foundation

// OpenHealthKit extension: `OperatingSystemVersion` is not `Equatable` on every platform, so the model
// compares and formats it through these helpers instead of `==`.
extension OperatingSystemVersion {
    /// Whether both versions have the same major, minor and patch numbers.
    public func isSameVersion(as other: OperatingSystemVersion) -> Bool {
        majorVersion == other.majorVersion && minorVersion == other.minorVersion && patchVersion == other.patchVersion
    }

    /// `"major.minor.patch"`, the form HealthKit prints and Apple's exports store.
    public var healthVersionString: String { "\(majorVersion).\(minorVersion).\(patchVersion)" }

    /// Parses `"17"`, `"17.4"` or `"17.4.1"` (missing parts are zero); `nil` for anything else.
    public init?(healthVersionString string: String) {
        let parts = string.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.allSatisfy(\.isASCII), let number = Int(part), number >= 0 else { return nil }
            numbers.append(number)
        }
        while numbers.count < 3 { numbers.append(0) }
        self.init(majorVersion: numbers[0], minorVersion: numbers[1], patchVersion: numbers[2])
    }

    /// Hashes the three version numbers into `hasher`.
    func hash(into hasher: inout Hasher) {
        hasher.combine(majorVersion)
        hasher.combine(minorVersion)
        hasher.combine(patchVersion)
    }
}
