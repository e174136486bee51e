import Foundation
@testable import HealthExport
import HealthKitModel
import Testing

/// Issue 15 item 3: `health demo-export` writes what real exports carry, at their density.
@Suite("The demo export has a real export's density and shapes")
struct RealisticDemoTests {
    /// The demo's files, read once.
    struct Demo {
        let written: DemoExport.Written
        let xml: String
        let root: URL

        init(records: Int, seed: UInt64) throws {
            let store = try TempStore()
            written = try DemoExport(records: records, seed: seed).write(to: store.folder.appendingPathComponent("demo"))
            xml = String(decoding: try Data(contentsOf: URL(fileURLWithPath: written.exportXML)), as: UTF8.self)
            root = URL(fileURLWithPath: written.exportXML).deletingLastPathComponent()
        }

        /// The values of attribute `name` in order.
        func values(of name: String) -> [Substring] {
            xml.components(separatedBy: " \(name)=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        }
    }

    @Test("HRV readings carry a beat list of their minute (about one beat a second), as Apple's do")
    func beatLists() throws {
        let demo = try Demo(records: 3_000, seed: 21)
        let hrv = demo.xml.components(separatedBy: "type=\"HKQuantityTypeIdentifierHeartRateVariabilitySDNN\"").dropFirst()
        #expect(hrv.count >= 6 * 5, "several readings a day")
        for reading in hrv {
            let record = reading.components(separatedBy: "</Record>")[0]
            let beats = record.components(separatedBy: "<InstantaneousBeatsPerMinute bpm=").count - 1
            #expect((40...80).contains(beats), "\(beats) beats")
        }
    }

    @Test("each outdoor workout has a GPX route of one point a second in Apple's layout; indoor workouts have none")
    func routes() throws {
        let demo = try Demo(records: 3_000, seed: 22)
        #expect(demo.written.routes >= 2)
        let outdoor = demo.xml.components(separatedBy: "<MetadataEntry key=\"HKIndoorWorkout\" value=\"0\"/>").count - 1
        #expect(outdoor == demo.written.routes)
        let folder = demo.root.appendingPathComponent("workout-routes")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files.count == demo.written.routes)
        for file in files {
            #expect(file.range(of: #"^route_\d{4}-\d{2}-\d{2}_\d{1,2}\.\d{2}[ap]m\.gpx$"#, options: .regularExpression) != nil, "\(file)")
            let gpx = String(decoding: try Data(contentsOf: folder.appendingPathComponent(file)), as: UTF8.self)
            #expect(gpx.contains("creator=\"Apple Health Export\"") && gpx.contains("<metadata>"))
            guard case .success(let points) = GPXReader.locations(in: Data(gpx.utf8)) else { Issue.record("\(file) unreadable"); continue }
            #expect(points.count >= 20 * 60, "\(points.count) points")
            let steps = zip(points, points.dropFirst()).map { $1.timestamp.timeIntervalSince($0.timestamp) }
            #expect(steps.filter { $0 == 1 }.count == steps.count - 1, "a point a second, one pause")
            #expect(points.allSatisfy { $0.speed > 0 && $0.horizontalAccuracy > 0 && $0.course >= 0 })
        }
    }

    @Test("records print a new HKDevice address each time; several apps and devices; sleep stages, ECGs, clinical records")
    func sourcesAndDevices() throws {
        let demo = try Demo(records: 20_000, seed: 23)
        let devices = demo.values(of: "device")
        #expect(devices.count > 15_000)
        let addresses = devices.compactMap { device -> Substring? in
            guard let range = device.range(of: "HKDevice: 0x") else { return nil }
            return device[range.upperBound...].prefix { $0 != "&" }
        }
        #expect(addresses.count == devices.count)
        #expect(Double(Set(addresses).count) > 0.99 * Double(addresses.count), "addresses differ from record to record")
        let withoutAddress = Set(devices.map { $0.replacingOccurrences(of: #"0x[0-9a-f]+"#, with: "", options: .regularExpression) })
        #expect(withoutAddress.count == 3, "phone, watch, scale: \(withoutAddress)")
        let sources = Set(demo.values(of: "sourceName"))
        #expect(sources.count >= 6, "\(sources)")
        let stages = Set(demo.xml.components(separatedBy: "value=\"HKCategoryValueSleepAnalysis").dropFirst().map { $0.prefix { $0 != "\"" } })
        #expect(stages == ["InBed", "AsleepCore", "AsleepDeep", "AsleepREM", "Awake"])
        #expect((demo.written.elements["Electrocardiogram"] ?? 0) >= 2)
        #expect((demo.written.elements["ClinicalRecord"] ?? 0) > 4)
        #expect(FileManager.default.fileExists(atPath: demo.root.appendingPathComponent("export_cda.xml").path))
        // The attribute order of Apple's records: type, sourceName, sourceVersion, device, unit, dates, value.
        let record = try #require(demo.xml.components(separatedBy: "<Record type=\"HKQuantityTypeIdentifierHeartRate\"").dropFirst().first)
        let order = ["sourceName=", "sourceVersion=", "device=", "unit=", "creationDate=", "startDate=", "endDate=", "value="]
        let positions = order.compactMap { record.range(of: $0)?.lowerBound }
        #expect(positions.count == order.count && positions == positions.sorted())
    }

    @Test("a demo export's device descriptions are parsed once per device, not once per address")
    func deviceMemo() throws {
        var sources = ExportSources()
        let fields = ", name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:9.4&gt;"
        var resolved: [ResolvedDevice] = []
        for address in 0..<2_000 {
            var text = "&lt;&lt;HKDevice: 0x\(String(0x2_8000_0000 + address * 16, radix: 16))&gt;" + fields
            resolved.append(text.withUTF8 { sources.device($0) })
        }
        #expect(sources.devicesParsed == 1)
        #expect(resolved.allSatisfy { $0.device?.hardwareVersion == "Watch6,2" && $0.device?.name == "Apple Watch" })
        #expect(Set(resolved.map { "\($0.hash)" }).count == 1)
        // Another device, and the same one with other fields, are told apart.
        var other = "&lt;&lt;HKDevice: 0x280000010&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch7,1, software:9.4&gt;"
        let seventh = other.withUTF8 { sources.device($0) }
        #expect(sources.devicesParsed == 2 && seventh.device?.hardwareVersion == "Watch7,1")
        #expect("\(seventh.hash)" != "\(resolved[0].hash)")
        // A description without an address (older exports) is read as before.
        var plain = "&lt;&lt;HKDevice&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,2, software:16.4.1&gt;"
        #expect(plain.withUTF8 { sources.device($0) }.device?.hardwareVersion == "iPhone14,2")
    }

    @Test("decoded descriptions (workouts, correlations, routes) are parsed once per device and resolve as a fresh parse does")
    func decodedDeviceMemo() throws {
        var sources = ExportSources()
        let fields = ", name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:9.4>"
        for address in 0..<500 {
            let text = "<<HKDevice: 0x\(String(0x2_8000_0000 + address * 16, radix: 16))>" + fields
            let memo = sources.device(text: text), fresh = ExportSources.resolveDevice(text)
            #expect("\(memo.hash)" == "\(fresh.hash)" && memo.device?.hardwareVersion == "Watch6,2")
        }
        #expect(sources.devicesParsed == 1)
        // A description that does not parse is hashed whole, address included, as a fresh parse hashes it.
        let odd = (0..<3).map { "HKDevice: 0x\($0)f, not a description" }
        for text in odd { #expect("\(sources.device(text: text).hash)" == "\(ExportSources.resolveDevice(text).hash)") }
        #expect(Set(odd.map { "\(sources.device(text: $0).hash)" }).count == 3)
        // Raw attribute bytes and decoded text with the same bytes are different descriptions.
        var raw = "&lt;&lt;HKDevice: 0x1&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,2&gt;"
        #expect(raw.withUTF8 { sources.device($0) }.device?.hardwareVersion == "iPhone14,2")
        #expect(sources.device(text: raw).device == nil)
        #expect("\(sources.device(text: raw).hash)" == "\(ExportSources.resolveDevice(raw).hash)")
    }
}
