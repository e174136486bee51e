import Foundation
import HealthKitModel
import TestSupport
import Testing

@Suite("HKSource, HKSourceRevision, HKDevice")
struct SourceTests {
    @Test func defaultSourceComesFromTheEnvironmentFirst() {
        let source = HKSource.resolveDefault(
            environment: ["OPENHEALTHKIT_APP": "com.example.steps"], bundle: nil, processName: "tool")
        #expect(source.name == "com.example.steps")
        #expect(source.bundleIdentifier == "com.example.steps")
    }

    @Test func defaultSourceFallsBackToTheProcessName() {
        let source = HKSource.resolveDefault(environment: ["OPENHEALTHKIT_APP": "  "], bundle: nil, processName: "health")
        #expect(source.name == "health")
        #expect(source.bundleIdentifier == "health")
    }

    @Test func defaultSourceOfThisProcess() {
        let source = HKSource.default()
        #expect(!source.bundleIdentifier.isEmpty)
        if let app = ProcessInfo.processInfo.environment["OPENHEALTHKIT_APP"], !app.isEmpty {
            #expect(source.bundleIdentifier == app)
        } else if let identifier = Bundle.main.bundleIdentifier {
            #expect(source.bundleIdentifier == identifier)
        } else {
            #expect(source.bundleIdentifier == ProcessInfo.processInfo.processName)
        }
    }

    @Test func sourcesCompareByBundleIdentifier() {
        let a = HKSource(name: "Steps", bundleIdentifier: "com.example.steps")
        #expect(a == HKSource(name: "Steps 2", bundleIdentifier: "com.example.steps"))
        #expect(a != HKSource(name: "Steps", bundleIdentifier: "com.example.other"))
        #expect(a.hash == HKSource(name: "x", bundleIdentifier: "com.example.steps").hash)
        #expect(a.description == "<HKSource name:Steps, bundle:com.example.steps>")
    }

    @Test func revisionInitialisers() {
        let source = HKSource(name: "Steps", bundleIdentifier: "com.example.steps")
        let short = HKSourceRevision(source: source, version: "12")
        #expect(short.productType == HKSourceRevisionAnyProductType)
        #expect(short.operatingSystemVersion.isSameVersion(as: HKSourceRevisionAnyOperatingSystem))
        let os = OperatingSystemVersion(majorVersion: 17, minorVersion: 4, patchVersion: 1)
        let full = HKSourceRevision(source: source, version: "12", productType: "iPhone12,3", operatingSystemVersion: os)
        #expect(full == HKSourceRevision(source: source, version: "12", productType: "iPhone12,3", operatingSystemVersion: os))
        #expect(full.hash == HKSourceRevision(source: source, version: "12", productType: "iPhone12,3", operatingSystemVersion: os).hash)
        #expect(full != short)
        let otherOS = OperatingSystemVersion(majorVersion: 17, minorVersion: 4, patchVersion: 0)
        #expect(full != HKSourceRevision(source: source, version: "12", productType: "iPhone12,3", operatingSystemVersion: otherOS))
        #expect(full.description.contains("operatingSystemVersion:17.4.1"))
        #expect(HKSourceRevisionAnyVersion == "HKSourceRevisionAnyVersion")
    }

    @Test func operatingSystemVersionStrings() {
        #expect(OperatingSystemVersion(healthVersionString: "17.4")?.healthVersionString == "17.4.0")
        #expect(OperatingSystemVersion(healthVersionString: "10.2.1")?.healthVersionString == "10.2.1")
        #expect(OperatingSystemVersion(healthVersionString: "1.2.3.4") == nil)
        #expect(OperatingSystemVersion(healthVersionString: "x") == nil)
        #expect(OperatingSystemVersion(healthVersionString: "") == nil)
    }

    @Test func devicePropertiesAndEquality() {
        let device = HKDevice(
            name: "Scale", manufacturer: "Acme", model: "S1", hardwareVersion: "", firmwareVersion: "2",
            softwareVersion: nil, localIdentifier: "abc", udiDeviceIdentifier: "0123")
        #expect(device.hardwareVersion == nil)
        #expect(device == HKDevice(
            name: "Scale", manufacturer: "Acme", model: "S1", hardwareVersion: nil, firmwareVersion: "2",
            softwareVersion: nil, localIdentifier: "abc", udiDeviceIdentifier: "0123"))
        #expect(device != HKDevice(
            name: "Scale", manufacturer: "Acme", model: "S1", hardwareVersion: nil, firmwareVersion: "3",
            softwareVersion: nil, localIdentifier: "abc", udiDeviceIdentifier: "0123"))
        #expect(device.description.hasPrefix("<<HKDevice: 0x"))
        #expect(device.description.hasSuffix(">, name:Scale, manufacturer:Acme, model:S1, firmware:2, localIdentifier:abc, UDIDeviceIdentifier:0123>"))
        #expect(HKDevice.parse(exportString: device.description) == device)
    }

    @Test func devicePropertyKeys() {
        #expect(HKDevicePropertyKeyName == "HKDevicePropertyName")
        #expect(HKDevicePropertyKeyUDIDeviceIdentifier == "HKDevicePropertyUDIDeviceIdentifier")
        #expect(HKDevicePropertyKeyHardwareVersion == "HKDevicePropertyHardwareVersion")
    }

    @Test func parsesAppleExportDeviceString() throws {
        let text = "<<HKDevice: 0x283e5a620>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:9.1>"
        let device = try #require(HKDevice.parse(exportString: text))
        #expect(device.name == "Apple Watch")
        #expect(device.manufacturer == "Apple Inc.")
        #expect(device.model == "Watch")
        #expect(device.hardwareVersion == "Watch6,1")
        #expect(device.softwareVersion == "9.1")
        #expect(device.firmwareVersion == nil && device.localIdentifier == nil && device.udiDeviceIdentifier == nil)
    }

    @Test(arguments: ["", "Apple Watch", "<HKDevice>", "<<HKDevice: 0x1>>", "<<Other: 0x1>, name:x>", "<<HKDevice: 0x1>, colour:red>"])
    func rejectsNonDeviceStrings(text: String) {
        #expect(HKDevice.parse(exportString: text) == nil)
    }

    @Test func parsesEveryDeviceStringInTheExportFixtures() throws {
        guard let dir = TestData.directory("apple-health-export") else {
            print(TestData.missingMessage)
            return
        }
        var strings = Set<String>()
        let files = FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".xml") {
            let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
            for part in text.components(separatedBy: "device=\"").dropFirst() {
                guard let end = part.firstIndex(of: "\"") else { continue }
                strings.insert(String(part[..<end])
                    .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                    .replacingOccurrences(of: "&amp;", with: "&"))
            }
        }
        #expect(strings.count >= 10, "expected the fixtures to hold device strings")
        for string in strings {
            let device = try #require(HKDevice.parse(exportString: string), "\(string)")
            #expect(device.name != nil && device.manufacturer != nil && device.model != nil, "\(string)")
            #expect(device.hardwareVersion?.contains(",") == true, "\(string)")
            #expect(device.softwareVersion != nil, "\(string)")
            let again = try #require(HKDevice.parse(exportString: device.description))
            #expect(again == device)
        }
    }

    @Test func localDeviceDescribesThisMachine() {
        let device = HKDevice.local()
        #expect(device.name == ProcessInfo.processInfo.hostName)
        #expect(device.model?.isEmpty == false)
        #expect(device.hardwareVersion?.isEmpty == false)
        #expect(device.softwareVersion == ProcessInfo.processInfo.operatingSystemVersion.healthVersionString)
    }
}
