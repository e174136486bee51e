import Foundation

// OpenHealthKit extension: Apple Health's export.xml stores each sample's device as the device's
// `description`, so the importer turns those strings back into `HKDevice`s.
extension HKDevice {
    /// Parses HealthKit's device description, as stored in export.xml `device` attributes.
    ///
    /// Accepts `<<HKDevice: 0x283e5a620>, name:Apple Watch, manufacturer:Apple Inc., model:Watch,
    /// hardware:Watch6,1, software:9.1>`; values may contain commas (`hardware:Watch6,1`). Unknown
    /// labels end the previous value only when they are HealthKit labels; `bluetoothIdentifier`
    /// and `creation date` are recognised and dropped. Returns `nil` when the string is not such a
    /// description or names no field. OpenHealthKit extension.
    public static func parse(exportString: String) -> HKDevice? {
        var body = trimmed(exportString)
        guard body.hasPrefix("<"), body.hasSuffix(">") else { return nil }
        body = body.dropFirst().dropLast()
        if body.hasPrefix("<") {
            guard let end = body.firstIndex(of: ">"), body[body.startIndex..<end].contains("HKDevice") else { return nil }
            body = body[body.index(after: end)...]
        } else if body.hasPrefix("HKDevice") {
            body = body.drop { $0 != "," }
        } else {
            return nil
        }
        let values = fieldValues(in: body)
        guard !values.isEmpty else { return nil }
        return HKDevice(
            name: values[.name], manufacturer: values[.manufacturer], model: values[.model],
            hardwareVersion: values[.hardware], firmwareVersion: values[.firmware],
            softwareVersion: values[.software], localIdentifier: values[.localIdentifier],
            udiDeviceIdentifier: values[.udiDeviceIdentifier]
        )
    }

    /// `text` without the white space and line ends at its ends (Unicode's White_Space, as Foundation's
    /// `whitespacesAndNewlines`), without Foundation's bridge through `NSString`, which was half of parsing a
    /// description (an export naming a new device on every record parses one per record).
    private static func trimmed(_ text: String) -> Substring {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return Substring(scalars[first...last])
    }

    /// Splits `, label:value, label:value` where labels follow HealthKit's printing order.
    ///
    /// Works on the UTF-8 bytes: the labels are ASCII, and a search per label through `range(of:)` was about 30 µs
    /// a description, which an export whose device descriptions differ from record to record (not only in the
    /// address) paid on every record.
    private static func fieldValues(in body: Substring) -> [DeviceField: String] {
        var body = body
        return body.withUTF8 { bytes in
            var markers: [(field: DeviceField, start: Int, end: Int)] = []
            var remaining = DeviceField.allCases.indices[...]
            var position = 0
            // The earliest next label wins; labels only move forward in HealthKit's order.
            while !remaining.isEmpty, position + 2 < bytes.count {
                guard bytes[position] == UInt8(ascii: ","), bytes[position + 1] == UInt8(ascii: " "),
                      let found = remaining.first(where: { labelAt(position + 2, of: labels[$0], in: bytes) })
                else {
                    position += 1
                    continue
                }
                let end = position + 2 + labels[found].count
                markers.append((DeviceField.allCases[found], position, end))
                remaining = remaining[(found + 1)...]
                position = end
            }
            guard markers.first?.start == 0 else { return [:] }
            var values: [DeviceField: String] = [:]
            for (index, marker) in markers.enumerated() {
                let end = index + 1 < markers.count ? markers[index + 1].start : bytes.count
                values[marker.field] = String(decoding: UnsafeBufferPointer(rebasing: bytes[marker.end..<end]), as: UTF8.self)
            }
            return values
        }
    }

    /// Each field's label as it follows `, ` in a description (`name:`), by ``DeviceField`` case order.
    private static let labels: [[UInt8]] = DeviceField.allCases.map { Array("\($0.rawValue):".utf8) }

    /// Whether `label` is written at `position` of `bytes`.
    private static func labelAt(_ position: Int, of label: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count - position >= label.count else { return false }
        for offset in label.indices where bytes[position + offset] != label[offset] { return false }
        return true
    }
}
