import Foundation
package import HealthDatabase
package import HealthKitModel

/// Source revisions and devices to their storage rows and back.
package enum SourceMapping {
    /// The record of a source revision; the operating system version as `major.minor.patch`.
    package static func record(from revision: HKSourceRevision) -> SourceRecord {
        revisionRecords.value(for: revision, make: makeRecord(from:))
    }

    private static let revisionRecords = RecentMemo<HKSourceRevision, SourceRecord>.byIdentity()
    private static let deviceRecords = RecentMemo<HKDevice, DeviceRecord>.byIdentity()
    private static let revisions = RecentMemo<SourceRecord, HKSourceRevision>.byValue()
    private static let devices = RecentMemo<DeviceRecord, HKDevice>.byValue()

    private static func makeRecord(from revision: HKSourceRevision) -> SourceRecord {
        SourceRecord(
            bundleIdentifier: revision.source.bundleIdentifier, name: revision.source.name, version: revision.version,
            productType: revision.productType, operatingSystemVersion: revision.operatingSystemVersion.healthVersionString
        )
    }

    /// The source revision a record describes; an unreadable OS version reads as 0.0.0. Samples read from
    /// the same source share one instance (see ``RecentMemo``).
    package static func revision(from record: SourceRecord) -> HKSourceRevision {
        revisions.value(for: record, make: makeRevision(from:))
    }

    private static func makeRevision(from record: SourceRecord) -> HKSourceRevision {
        let system = record.operatingSystemVersion.flatMap(OperatingSystemVersion.init(healthVersionString:))
            ?? HKSourceRevisionAnyOperatingSystem
        return HKSourceRevision(
            source: HKSource(name: record.name, bundleIdentifier: record.bundleIdentifier),
            version: record.version, productType: record.productType, operatingSystemVersion: system
        )
    }

    /// The device's properties that are set, by `HKDevicePropertyKey…`.
    package static func record(from device: HKDevice) -> DeviceRecord {
        deviceRecords.value(for: device, make: makeRecord(from:))
    }

    private static func makeRecord(from device: HKDevice) -> DeviceRecord {
        var properties: [String: String] = [:]
        for (key, path) in deviceProperties {
            if let value = device[keyPath: path] { properties[key] = value }
        }
        return DeviceRecord(properties: properties)
    }

    /// The device a record describes. Samples read from the same device share one instance.
    package static func device(from record: DeviceRecord) -> HKDevice {
        devices.value(for: record, make: makeDevice(from:))
    }

    private static func makeDevice(from record: DeviceRecord) -> HKDevice {
        let value = { (key: String) in record.properties[key] }
        return HKDevice(
            name: value(HKDevicePropertyKeyName), manufacturer: value(HKDevicePropertyKeyManufacturer),
            model: value(HKDevicePropertyKeyModel), hardwareVersion: value(HKDevicePropertyKeyHardwareVersion),
            firmwareVersion: value(HKDevicePropertyKeyFirmwareVersion), softwareVersion: value(HKDevicePropertyKeySoftwareVersion),
            localIdentifier: value(HKDevicePropertyKeyLocalIdentifier), udiDeviceIdentifier: value(HKDevicePropertyKeyUDIDeviceIdentifier)
        )
    }

    /// Each device property key and where HKDevice keeps it.
    private static var deviceProperties: [(String, KeyPath<HKDevice, String?>)] { [
        (HKDevicePropertyKeyName, \.name), (HKDevicePropertyKeyManufacturer, \.manufacturer), (HKDevicePropertyKeyModel, \.model),
        (HKDevicePropertyKeyHardwareVersion, \.hardwareVersion), (HKDevicePropertyKeyFirmwareVersion, \.firmwareVersion),
        (HKDevicePropertyKeySoftwareVersion, \.softwareVersion), (HKDevicePropertyKeyLocalIdentifier, \.localIdentifier),
        (HKDevicePropertyKeyUDIDeviceIdentifier, \.udiDeviceIdentifier),
    ] }
}
