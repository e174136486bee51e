public import Foundation

/// The name of the device (`HKDevicePropertyKeyName`), for device predicates.
public let HKDevicePropertyKeyName: String = "HKDevicePropertyName"
/// The device's manufacturer, for device predicates.
public let HKDevicePropertyKeyManufacturer: String = "HKDevicePropertyManufacturer"
/// The device's model, for device predicates.
public let HKDevicePropertyKeyModel: String = "HKDevicePropertyModel"
/// The device's hardware version, for device predicates.
public let HKDevicePropertyKeyHardwareVersion: String = "HKDevicePropertyHardwareVersion"
/// The device's firmware version, for device predicates.
public let HKDevicePropertyKeyFirmwareVersion: String = "HKDevicePropertyFirmwareVersion"
/// The device's software version, for device predicates.
public let HKDevicePropertyKeySoftwareVersion: String = "HKDevicePropertySoftwareVersion"
/// The device's local identifier, for device predicates.
public let HKDevicePropertyKeyLocalIdentifier: String = "HKDevicePropertyLocalIdentifier"
/// The device's FDA Unique Device Identifier, for device predicates.
public let HKDevicePropertyKeyUDIDeviceIdentifier: String = "HKDevicePropertyUDIDeviceIdentifier"

/// A device that generates health data: a watch, a phone, a scale, a glucose meter…
///
/// Every property is optional; empty strings are stored as `nil`, as in HealthKit.
public final class HKDevice: NSObject, NSCopying, @unchecked Sendable {
    /// The user-facing name, e.g. `"Apple Watch"`.
    public let name: String?
    /// The manufacturer, e.g. `"Apple Inc."`.
    public let manufacturer: String?
    /// The model, e.g. `"Watch"`.
    public let model: String?
    /// The hardware version, e.g. `"Watch6,1"`.
    public let hardwareVersion: String?
    /// The firmware version.
    public let firmwareVersion: String?
    /// The software version, e.g. `"9.1"`.
    public let softwareVersion: String?
    /// An identifier unique to the device among the app's devices (e.g. a Bluetooth identifier).
    public let localIdentifier: String?
    /// The device identifier portion of the device's FDA Unique Device Identifier.
    public let udiDeviceIdentifier: String?

    /// Creates a device description; empty strings become `nil`.
    public init(
        name: String?, manufacturer: String?, model: String?, hardwareVersion: String?,
        firmwareVersion: String?, softwareVersion: String?, localIdentifier: String?, udiDeviceIdentifier: String?
    ) {
        func nonEmpty(_ value: String?) -> String? { value?.isEmpty == false ? value : nil }
        self.name = nonEmpty(name)
        self.manufacturer = nonEmpty(manufacturer)
        self.model = nonEmpty(model)
        self.hardwareVersion = nonEmpty(hardwareVersion)
        self.firmwareVersion = nonEmpty(firmwareVersion)
        self.softwareVersion = nonEmpty(softwareVersion)
        self.localIdentifier = nonEmpty(localIdentifier)
        self.udiDeviceIdentifier = nonEmpty(udiDeviceIdentifier)
        super.init()
    }

    /// The labelled fields in the order HealthKit's `description` prints them.
    var describedFields: [(label: DeviceField, value: String?)] {
        [(.name, name), (.manufacturer, manufacturer), (.model, model), (.hardware, hardwareVersion),
         (.firmware, firmwareVersion), (.software, softwareVersion), (.localIdentifier, localIdentifier),
         (.udiDeviceIdentifier, udiDeviceIdentifier)]
    }

    /// Devices are equal when all eight properties are equal.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKDevice else { return false }
        return other === self || other.describedFields.map(\.value) == describedFields.map(\.value)
    }

    /// Hash of all properties, consistent with `isEqual(_:)`.
    public override var hash: Int {
        var hasher = Hasher()
        for field in describedFields { hasher.combine(field.value) }
        return hasher.finalize()
    }

    /// HealthKit's format, which Apple's exports store in `device="…"` attributes:
    /// `<<HKDevice: 0x…>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:9.1>`.
    public override var description: String {
        let address = String(UInt(bitPattern: ObjectIdentifier(self).hashValue), radix: 16)
        let fields = describedFields.compactMap { field in field.value.map { ", \(field.label.rawValue):\($0)" } }
        return "<<HKDevice: 0x\(address)>" + fields.joined() + ">"
    }

    /// Returns `self`: devices are immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// The labels of HealthKit's `HKDevice` description, in printing order.
enum DeviceField: String, CaseIterable {
    case name, bluetoothIdentifier, manufacturer, model, hardware, firmware, software, localIdentifier
    case udiDeviceIdentifier = "UDIDeviceIdentifier"
    case creationDate = "creation date"
}
