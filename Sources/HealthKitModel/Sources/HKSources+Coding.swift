public import Foundation

/// HKSource archives securely as its name and bundle identifier (HealthKit's adopts NSSecureCoding).
extension HKSource: NSSecureCoding {
    /// Sources archive securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the name and the bundle identifier.
    public func encode(with coder: NSCoder) {
        coder.encode(name as NSString, forKey: "name")
        coder.encode(bundleIdentifier as NSString, forKey: "bundleIdentifier")
    }

    /// Unarchives a source; fails without a bundle identifier.
    public convenience init?(coder: NSCoder) {
        guard let bundle = coder.decodeObject(of: NSString.self, forKey: "bundleIdentifier") else { return nil }
        self.init(name: (coder.decodeObject(of: NSString.self, forKey: "name") as String?) ?? "", bundleIdentifier: bundle as String)
    }
}

/// HKSourceRevision archives securely as its source, version, product type and OS version.
extension HKSourceRevision: NSSecureCoding {
    /// Source revisions archive securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the revision.
    public func encode(with coder: NSCoder) {
        coder.encode(source, forKey: "source")
        coder.encode(version.map { $0 as NSString }, forKey: "version")
        coder.encode(productType.map { $0 as NSString }, forKey: "productType")
        coder.encode(operatingSystemVersion.majorVersion, forKey: "osMajor")
        coder.encode(operatingSystemVersion.minorVersion, forKey: "osMinor")
        coder.encode(operatingSystemVersion.patchVersion, forKey: "osPatch")
    }

    /// Unarchives a revision; fails without a source.
    public convenience init?(coder: NSCoder) {
        guard let source = coder.decodeObject(of: HKSource.self, forKey: "source") else { return nil }
        let os = OperatingSystemVersion(majorVersion: coder.decodeInteger(forKey: "osMajor"),
                                        minorVersion: coder.decodeInteger(forKey: "osMinor"),
                                        patchVersion: coder.decodeInteger(forKey: "osPatch"))
        self.init(source: source, version: coder.decodeObject(of: NSString.self, forKey: "version") as String?,
                  productType: coder.decodeObject(of: NSString.self, forKey: "productType") as String?, operatingSystemVersion: os)
    }
}

/// HKDevice archives securely as its eight properties.
extension HKDevice: NSSecureCoding {
    /// Devices archive securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the properties under their `HKDevicePropertyKey…` names.
    public func encode(with coder: NSCoder) {
        for (key, value) in zip(Self.codingKeys, describedFields.map(\.value)) { coder.encode(value.map { $0 as NSString }, forKey: key) }
    }

    /// Unarchives a device.
    public convenience init?(coder: NSCoder) {
        let values = Self.codingKeys.map { coder.decodeObject(of: NSString.self, forKey: $0) as String? }
        self.init(name: values[0], manufacturer: values[1], model: values[2], hardwareVersion: values[3], firmwareVersion: values[4],
                  softwareVersion: values[5], localIdentifier: values[6], udiDeviceIdentifier: values[7])
    }

    /// The archive keys, in the order of `describedFields`.
    private static let codingKeys = [HKDevicePropertyKeyName, HKDevicePropertyKeyManufacturer, HKDevicePropertyKeyModel,
                                     HKDevicePropertyKeyHardwareVersion, HKDevicePropertyKeyFirmwareVersion,
                                     HKDevicePropertyKeySoftwareVersion, HKDevicePropertyKeyLocalIdentifier,
                                     HKDevicePropertyKeyUDIDeviceIdentifier]
}
