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
        var body = Substring(exportString.trimmingCharacters(in: .whitespacesAndNewlines))
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

    /// Splits `, label:value, label:value` where labels follow HealthKit's printing order.
    private static func fieldValues(in body: Substring) -> [DeviceField: String] {
        var markers: [(field: DeviceField, range: Range<Substring.Index>)] = []
        var cursor = body.startIndex
        var remaining = DeviceField.allCases[...]
        while !remaining.isEmpty {
            // The earliest next label wins; labels only move forward in HealthKit's order.
            let found = remaining.enumerated().compactMap { offset, field -> (Int, DeviceField, Range<Substring.Index>)? in
                body[cursor...].range(of: ", \(field.rawValue):").map { (offset, field, $0) }
            }.min { $0.2.lowerBound < $1.2.lowerBound }
            guard let (offset, field, range) = found else { break }
            markers.append((field, range))
            cursor = range.upperBound
            remaining = remaining.dropFirst(offset + 1)
        }
        guard markers.first?.range.lowerBound == body.startIndex else { return [:] }
        var values: [DeviceField: String] = [:]
        for (index, marker) in markers.enumerated() {
            let end = index + 1 < markers.count ? markers[index + 1].range.lowerBound : body.endIndex
            values[marker.field] = String(body[marker.range.upperBound..<end])
        }
        return values
    }
}
