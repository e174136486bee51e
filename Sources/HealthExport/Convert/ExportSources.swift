import Foundation
import HealthDatabase
import HealthKitModel
import OpenHealthKit

/// A source revision read from `sourceName` and `sourceVersion`, with its identity hash. A class, made once per
/// source: every record holds it, and copying a reference is cheaper than copying the revision's record.
final class ResolvedSource {
    let revision: HKSourceRevision
    let hash: (UInt64, UInt64)
    /// The revision's storage record, made once per source.
    let record: SourceRecord

    init(revision: HKSourceRevision, hash: (UInt64, UInt64)) {
        self.revision = revision
        self.hash = hash
        self.record = SourceMapping.record(from: revision)
    }
}

/// A device read from a `device` attribute, with its identity hash (the memory address HealthKit prints
/// in the string is left out, so exports of the same phone agree). A class, made once per device, as sources are;
/// immutable, so one instance (``noDevice``) serves every record without a device.
final class ResolvedDevice: @unchecked Sendable {
    /// No device (the attribute is absent).
    static let noDevice = ResolvedDevice(device: nil, hash: (0, 0))

    let device: HKDevice?
    let hash: (UInt64, UInt64)
    /// The device's storage record, made once per device.
    let record: DeviceRecord?

    init(device: HKDevice?, hash: (UInt64, UInt64)) {
        self.device = device
        self.hash = hash
        self.record = device.map(SourceMapping.record(from:))
    }
}

/// Sources and devices from export.xml's attributes.
///
/// The export names a source only by its display name, so its bundle identifier is made from the name:
/// `com.apple.Health` for "Health" (the Health app, i.e. entered by the person), otherwise
/// `export.<name>`. See docs/AppleHealthExport.md.
struct ExportSources {
    /// Sources by the bytes of their name and version (``sourceKey``).
    private var sourcesByBytes = ByteMemo<ResolvedSource>()
    /// The source name and version being looked up, as one key (reused, so a lookup allocates nothing).
    private var sourceKey: [UInt8] = []
    private var revisions: [String: ResolvedSource] = [:]
    private var lastRevision: (name: String, version: String?, value: ResolvedSource)?
    private var devices = ByteMemo<ResolvedDevice>()
    /// The device description being looked up, without its address (reused, so a lookup allocates nothing).
    private var deviceKey: [UInt8] = []
    /// How many device descriptions were parsed (each distinct device once, whatever its addresses).
    private(set) var devicesParsed = 0

    /// The bundle identifier given to an export source named `name`.
    static func bundleIdentifier(forName name: String) -> String {
        name == "Health" ? "com.apple.Health" : "export.\(name)"
    }

    /// The revision for a source name and version (both entity-encoded attribute bytes).
    mutating func source(name: UnsafeBufferPointer<UInt8>, version: UnsafeBufferPointer<UInt8>?) -> ResolvedSource {
        // The key: the name's length, the name, then 1 and the version, or 0 when there is none.
        sourceKey.removeAll(keepingCapacity: true)
        withUnsafeBytes(of: name.count) { sourceKey.append(contentsOf: $0) }
        sourceKey.append(contentsOf: name)
        sourceKey.append(version == nil ? 0 : 1)
        if let version { sourceKey.append(contentsOf: version) }
        if let known = sourceKey.withUnsafeBufferPointer({ sourcesByBytes.cached($0) }) { return known }
        let made = source(name: Bytes.decodedString(name), version: version.map(Bytes.decodedString))
        sourceKey.withUnsafeBufferPointer { sourcesByBytes.insert(made, for: $0) }
        return made
    }

    /// The revision for a source name and version.
    mutating func source(name: String, version: String?) -> ResolvedSource {
        if let last = lastRevision, last.name == name, last.version == version { return last.value }
        let key = name + "\u{0}" + (version ?? "\u{1}")
        let resolved: ResolvedSource
        if let known = revisions[key] {
            resolved = known
        } else {
            let source = HKSource(name: name, bundleIdentifier: Self.bundleIdentifier(forName: name))
            let revision = HKSourceRevision(source: source, version: version?.isEmpty == false ? version : nil)
            var hasher = IdentityHasher(kind: "source")
            hasher.add(name)
            hasher.add(version ?? "")
            resolved = ResolvedSource(revision: revision, hash: hasher.finish())
            if revisions.count > 4096 { revisions.removeAll() }
            revisions[key] = resolved
        }
        lastRevision = (name, version, resolved)
        return resolved
    }

    /// The device a `device` attribute describes (nil device when the attribute is absent). HealthKit prints the
    /// object's memory address in the description (`<<HKDevice: 0x2820a4cd0>, name:...`), and it differs from record to
    /// record for the same device, so descriptions are remembered by their content without the address: one parse per
    /// device, not one per address.
    mutating func device(_ bytes: UnsafeBufferPointer<UInt8>?) -> ResolvedDevice {
        guard let bytes, !bytes.isEmpty else { return .noDevice }
        setDeviceKey(bytes, decoded: false)
        var parsed = devicesParsed
        let resolved = deviceKey.withUnsafeBufferPointer { key in
            devices.value(for: key) { _ in
                parsed += 1
                return Self.resolveDevice(Bytes.decodedString(bytes))
            }
        }
        devicesParsed = parsed
        return resolved
    }

    /// ``device(_:)`` for a description already decoded (an attribute of a workout, a correlation or a route). Only
    /// descriptions that parse are remembered: the hash of one that does not is over its whole text, address included.
    mutating func device(text: String) -> ResolvedDevice {
        var bytes = text
        bytes.withUTF8 { setDeviceKey($0, decoded: true) }
        if let known = deviceKey.withUnsafeBufferPointer({ devices.cached($0) }) { return known }
        let resolved = Self.resolveDevice(text)
        if resolved.device != nil {
            devicesParsed += 1
            deviceKey.withUnsafeBufferPointer { devices.insert(resolved, for: $0) }
        }
        return resolved
    }

    /// Sets ``deviceKey`` to whether the description is decoded, then its bytes without the address.
    private mutating func setDeviceKey(_ bytes: UnsafeBufferPointer<UInt8>, decoded: Bool) {
        let address = Self.addressRange(in: bytes)
        deviceKey.removeAll(keepingCapacity: true)
        deviceKey.append(decoded ? 1 : 0)
        deviceKey.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<address.lowerBound]))
        deviceKey.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[address.upperBound...]))
    }

    /// Where the hexadecimal digits of the address after `HKDevice: 0x` lie in a description's first 40 bytes (an empty
    /// range at the start when there is none).
    static func addressRange(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let marker: StaticString = "HKDevice: 0x"
        let limit = min(bytes.count, 40) - marker.utf8CodeUnitCount
        guard limit >= 0, let base = bytes.baseAddress,
              let found = (0...limit).first(where: { base[$0] == UInt8(ascii: "H") && memcmp(base + $0, marker.utf8Start, marker.utf8CodeUnitCount) == 0 })
        else { return 0..<0 }
        let start = found + marker.utf8CodeUnitCount
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            guard byte &- UInt8(ascii: "0") < 10 || (byte | 0x20) &- UInt8(ascii: "a") < 6 else { break }
            end += 1
        }
        return start..<end
    }

    /// The device a description string names, with its hash over the device's fields.
    static func resolveDevice(_ text: String) -> ResolvedDevice {
        if let device = HKDevice.parse(exportString: text) { return ResolvedDevice(device: device, hash: hash(of: device)) }
        var hasher = IdentityHasher(kind: "device")
        hasher.add(text)
        return ResolvedDevice(device: nil, hash: hasher.finish())
    }

    /// The identity hash of an already-built device (for objects read from a store).
    static func hash(of device: HKDevice?) -> (UInt64, UInt64) {
        guard let device else { return (0, 0) }
        var hasher = IdentityHasher(kind: "device")
        for field in [device.name, device.manufacturer, device.model, device.hardwareVersion, device.firmwareVersion,
                      device.softwareVersion, device.localIdentifier, device.udiDeviceIdentifier] {
            hasher.add(field ?? "\u{0}")
        }
        return hasher.finish()
    }
}
