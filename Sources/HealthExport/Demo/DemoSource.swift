import Foundation

/// An app or device writing to the demo person's Health store: its name and version as export.xml writes them, and
/// the device HealthKit describes in each of its records.
///
/// Apple's export prints an `HKDevice` with the address of the object in memory
/// (`<<HKDevice: 0x2820a4cd0>, name:Apple Watch, ...>`), and that address differs from record to record for the same
/// watch; the demo draws a new address for each record, as a real export has them.
struct DemoSource {
    let name: String
    let version: String
    /// The device description after the address (`, name:iPhone, manufacturer:..., software:16.4.1>`), nil for none.
    let deviceFields: String?

    static let phone = DemoSource(name: "Anna’s iPhone", version: "16.4.1",
        deviceFields: ", name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,2, software:16.4.1>")
    static let watch = DemoSource(name: "Anna’s Apple Watch", version: "9.4",
        deviceFields: ", name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:9.4>")
    static let scale = DemoSource(name: "Health Mate", version: "6020000",
        deviceFields: ", name:Body+, manufacturer:Withings, model:WBS05, hardware:WBS05, software:1120>")
    static let cuff = DemoSource(name: "OMRON connect", version: "7.3.1", deviceFields: nil)
    static let sleepApp = DemoSource(name: "AutoSleep", version: "6.9.2", deviceFields: nil)
    static let runningApp = DemoSource(name: "Strava", version: "299.0.1",
        deviceFields: ", name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:9.4>")
    static let person = DemoSource(name: "Health", version: "16.4.1", deviceFields: nil)

    /// The `device` attribute's text for one record: the fields behind a newly drawn object address.
    func device(_ random: inout DemoRandom) -> String? {
        guard let deviceFields else { return nil }
        // Addresses of small heap objects on an iPhone: 0x28… or 0x30…, nine hex digits, 16-byte aligned.
        let address: UInt64 = (random.chance(0.5) ? 0x2_8000_0000 : 0x3_0000_0000) + UInt64(random.int(0...0x0FF_FFFF)) * 16
        return "<<HKDevice: 0x\(String(address, radix: 16))>" + deviceFields
    }
}
