import Foundation
import HealthDatabase
@testable import HealthExport
import OpenHealthKit
import Testing

@Suite("Audiograms and vision prescriptions in exports")
struct ElementSampleImportTests {
    /// The messy-export prolog (iOS 16's unclosed ATTLIST included) and an export date: elements start on line 11.
    static let head = MalformedImportTests.head + "\n <ExportDate value=\"2024-01-01 10:00:00 +0100\"/>\n"
    static let audiogram = """
     <Audiogram type="HKDataTypeIdentifierAudiogram" sourceName="Hearing Test" sourceVersion="3092" device="&lt;&lt;HKDevice: 0x2820680f0&gt;, name:AirPods, manufacturer:Apple Inc., model:AirPods&gt;" creationDate="2021-01-22 20:31:37 -0800" startDate="2021-01-22 20:30:50 -0800" endDate="2021-01-22 20:37:50 -0800">
      <MetadataEntry key="HKMetadataKeySyncVersion" value="1"/>
      <MetadataEntry key="HKMetadataKeySyncIdentifier" value="479728a4-8e83-4de1-bb71-f75f5a691a6c"/>
      <SensitivityPoint frequencyValue="500" frequencyUnit="Hz" leftEarValue="29.6554" leftEarUnit="dBHL" leftEarMasked="true" leftEarClampingRangeUpperBound="80" rightEarValue="17.6095" rightEarUnit="dBHL"/>
      <SensitivityPoint frequencyValue="250" frequencyUnit="Hz" leftEarValue="35.0459" leftEarUnit="dBHL" rightEarValue="20.0452" rightEarUnit="dBHL"/>
      <SensitivityPoint frequencyValue="1" frequencyUnit="kHz" rightEarValue="10" rightEarUnit="dBHL"/>
     </Audiogram>

    """
    static let prescriptions = """
     <VisionPrescription type="HKVisionPrescriptionTypeGlasses" dateIssued="2023-03-01 09:00:00 +0100" expirationDate="2025-03-01 09:00:00 +0100">
      <RightEye sphere="-1.25" sphereUnit="D" cylinder="-0.5" cylinderUnit="D" axis="180" axisUnit="deg" add="2" addUnit="D" vertex="12" vertexUnit="mm" prismAmount="1.5" prismAmountUnit="pD" prismAngle="270" prismAngleUnit="deg" farPD="31.5" farPDUnit="mm" nearPD="30" nearPDUnit="mm"/>
      <LeftEye sphere="-0.75" sphereUnit="D"/>
      <Attachment identifier="9D2E5C1A-0C4B-4C57-9F4B-0D6A5F2B7E11"/>
      <MetadataEntry key="HKMetadataKeyGlassesPrescriptionDescription" value="distance"/>
     </VisionPrescription>
     <VisionPrescription type="HKVisionPrescriptionTypeContacts" dateIssued="2023-06-01 09:00:00 +0100" brand="Acuvue">
      <RightEye sphere="-2.25" sphereUnit="D" baseCurve="8.6" baseCurveUnit="mm" diameter="14.2" diameterUnit="mm"/>
     </VisionPrescription>

    """

    static func importedStore(_ body: String) throws -> (TempStore, ImportReport) {
        let store = try TempStore()
        let summary = try store.importExport(try store.write(head + body + "</HealthData>\n"))
        return (store, summary)
    }

    static func samples<T: HKSample>(_ storage: any HealthStorage, _ predicate: HKSamplePredicate<T>) async throws -> [T] {
        try await HKSampleQueryDescriptor(predicates: [predicate], sortDescriptors: [SortDescriptor(\.startDate)]).result(for: .owner(storage: storage))
    }

    static func dB(_ value: Double) -> HKQuantity { HKQuantity(unit: .decibelHearingLevel(), doubleValue: value) }

    @Test("export.xml Audiogram and VisionPrescription elements import as HealthKit objects with their values")
    func importsObjects() async throws {
        let (store, summary) = try Self.importedStore(Self.audiogram + Self.prescriptions)
        #expect(summary.problems.total == 0, "\(summary.problems.lines)")
        #expect(summary.stored == 3)

        let audiogram = try #require(try await Self.samples(store.storage, .audiogram()).first)
        #expect(audiogram.startDate == Date(timeIntervalSince1970: 1_611_376_250) && audiogram.endDate == audiogram.startDate.addingTimeInterval(420))
        #expect(audiogram.sourceRevision.source.name == "Hearing Test" && audiogram.sourceRevision.version == "3092")
        #expect(audiogram.device?.name == "AirPods")
        #expect(audiogram.metadata?[HKMetadataKeySyncVersion] as? NSNumber == 1)
        let points = audiogram.sensitivityPoints
        #expect(points.map { $0.frequency.doubleValue(for: .hertz()) } == [250, 500, 1000])
        #expect(points[0].tests.map(\.sensitivity) == [Self.dB(35.0459), Self.dB(20.0452)])
        #expect(points[0].tests.map(\.side) == [.left, .right])
        #expect(points[1].tests[0].masked && points[1].tests[0].clampingRange?.upperBound == Self.dB(80))
        #expect(points[1].tests[0].clampingRange?.lowerBound == nil && !points[1].tests[1].masked)
        #expect(points[2].tests.map(\.side) == [.right])

        let prescriptions = try await Self.samples(store.storage, .visionPrescription())
        let glasses = try #require(prescriptions.first as? HKGlassesPrescription)
        #expect(glasses.dateIssued == Date(timeIntervalSince1970: 1_677_657_600))
        #expect(glasses.expirationDate == Date(timeIntervalSince1970: 1_740_816_000))
        #expect(glasses.sourceRevision.source.name == "Health")
        #expect(glasses.metadata?[HKMetadataKeyGlassesPrescriptionDescription] as? String == "distance")
        let right = try #require(glasses.rightEye)
        #expect(right.sphere == HKQuantity(unit: .diopter(), doubleValue: -1.25) && right.axis == HKQuantity(unit: .degreeAngle(), doubleValue: 180))
        #expect(right.vertexDistance == HKQuantity(unit: .meterUnit(with: .milli), doubleValue: 12))
        #expect(right.prism?.amount == HKQuantity(unit: .prismDiopter(), doubleValue: 1.5) && right.prism?.verticalBase == .down && right.prism?.eye == .right)
        #expect(glasses.leftEye?.sphere == HKQuantity(unit: .diopter(), doubleValue: -0.75) && glasses.leftEye?.cylinder == nil)
        let contacts = try #require(prescriptions.last as? HKContactsPrescription)
        #expect(contacts.brand == "Acuvue" && contacts.expirationDate == nil && contacts.leftEye == nil)
        #expect(contacts.rightEye?.diameter == HKQuantity(unit: .meterUnit(with: .milli), doubleValue: 14.2))
    }

    @Test("identity is the hash of the element's JSON as before: payload bytes and UUID are those earlier imports stored")
    func identityUnchanged() throws {
        let element = "<VisionPrescription type=\"x\" dateIssued=\"2023-03-01 09:00:00 +0100\"/>\n"
        let (store, summary) = try Self.importedStore(" " + element)
        #expect(summary.stored == 1)
        let record = try #require(try store.all().first)
        let json = #"{"attributes":{"dateIssued":"2023-03-01 09:00:00 +0100","type":"x"},"children":[],"name":"VisionPrescription"}"#
        #expect(record.payload == Data(json.utf8))
        var hasher = IdentityHasher(kind: "Element")
        Data(json.utf8).withUnsafeBytes { hasher.add(bytes: $0.bindMemory(to: UInt8.self)) }
        #expect(record.uuid == hasher.uuid(at: record.startDate))
        #expect(record.kind == .other && record.type == HKVisionPrescriptionTypeIdentifier)
    }

    @Test("export writes the elements back: a fresh import stores equal elements, re-importing into the store adds nothing")
    func exportRoundTrip() throws {
        let (first, _) = try Self.importedStore(Self.audiogram + Self.prescriptions)
        let out = first.folder.appendingPathComponent("out")
        let counts = try HealthExporter(storage: first.storage).export(.apple, to: out)
        #expect(counts[HKDataTypeIdentifierAudiogram] == 1 && counts[HKVisionPrescriptionTypeIdentifier] == 2, "\(counts)")
        let xml = out.appendingPathComponent("apple_health_export/export.xml").path
        #expect(try first.importExport(xml).stored == 0)
        let second = try TempStore()
        let again = try second.importExport(xml)
        #expect(again.problems.total == 0 && again.stored == 3)
        func elements(_ store: TempStore) throws -> [String: StoredElement] {
            Dictionary(uniqueKeysWithValues: try store.all().map { ($0.uuid.uuidString, StoredElement.decoded(from: $0.payload)!) })
        }
        #expect(try elements(first) == elements(second))
        #expect(Set(try first.all().map(\.fields.count)) == Set(try second.all().map(\.fields.count)))
    }

    @Test("objects apps saved export as complete elements and import back with the same values")
    func savedObjectsRoundTrip() async throws {
        let first = try TempStore()
        let owner = HKHealthStore.owner(storage: first.storage)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let point = try HKAudiogramSensitivityPoint(frequency: HKQuantity(unit: .hertz(), doubleValue: 2000), tests: [
            try HKAudiogramSensitivityTest(sensitivity: Self.dB(25), type: .air, masked: false, side: .left, clampingRange: nil),
            try HKAudiogramSensitivityTest(sensitivity: Self.dB(30), type: .air, masked: true, side: .left,
                                           clampingRange: try HKAudiogramSensitivityPointClampingRange(lowerBound: 5, upperBound: nil)),
        ])
        let audiogram = HKAudiogramSample(sensitivityPoints: [point], start: start, end: start.addingTimeInterval(60), device: nil, metadata: ["room": "quiet"])
        let lens = HKGlassesLensSpecification(sphere: HKQuantity(unit: .diopter(), doubleValue: 1.5), cylinder: nil, axis: nil, addPower: nil,
                                              vertexDistance: nil, prism: HKVisionPrism(verticalAmount: HKQuantity(unit: .prismDiopter(), doubleValue: 1),
                                                                                        verticalBase: .up, horizontalAmount: HKQuantity(unit: .prismDiopter(), doubleValue: 0),
                                                                                        horizontalBase: .none, eye: .left),
                                              farPupillaryDistance: nil, nearPupillaryDistance: nil)
        let glasses = HKGlassesPrescription(rightEyeSpecification: nil, leftEyeSpecification: lens, dateIssued: start,
                                            expirationDate: start.addingTimeInterval(86_400 * 365), device: nil, metadata: nil)
        try await owner.save([audiogram, glasses])
        let out = first.folder.appendingPathComponent("out")
        _ = try HealthExporter(storage: first.storage).export(.apple, to: out)
        let text = try String(contentsOf: out.appendingPathComponent("apple_health_export/export.xml"), encoding: .utf8)
        #expect(text.contains("<MetadataEntry key=\"room\" value=\"quiet\"/>"))
        #expect(text.contains("leftEarMasked=\"1\""))
        let second = try TempStore()
        let summary = try second.importExport(out.appendingPathComponent("apple_health_export/export.xml").path)
        #expect(summary.problems.total == 0 && summary.stored == 2, "\(summary.problems.lines)")
        let audiograms = try await Self.samples(second.storage, .audiogram())
        #expect(audiograms.first?.sensitivityPoints == [point])
        #expect(audiograms.first?.startDate == start && audiograms.first?.metadata?["room"] as? String == "quiet")
        let read = try await Self.samples(second.storage, .visionPrescription())
        let back = try #require(read.first as? HKGlassesPrescription)
        #expect(back.leftEye == lens && back.rightEye == nil)
        #expect(back.dateIssued == start && back.expirationDate == glasses.expirationDate)
    }

    @Test("bad values are reported as invalid objects with their lines; the good elements are stored")
    func badValues() throws {
        let points = (1...31).map { "  <SensitivityPoint frequencyValue=\"\($0 * 100)\" frequencyUnit=\"Hz\"/>\n" }.joined()
        var body = ""
        body += " <Audiogram type=\"HKDataTypeIdentifierAudiogram\" sourceName=\"T\" startDate=\"2021-01-22 20:30:50 -0800\" endDate=\"2021-01-22 20:30:50 -0800\">\n" // 11
        body += "  <SensitivityPoint frequencyValue=\"loud\" frequencyUnit=\"Hz\"/>\n </Audiogram>\n"
        body += " <Audiogram type=\"HKDataTypeIdentifierAudiogram\" sourceName=\"T\" startDate=\"2021-01-22 20:30:50 -0800\" endDate=\"2021-01-22 20:30:50 -0800\">\n" // 14
        body += "  <SensitivityPoint frequencyValue=\"250\" frequencyUnit=\"Hz\" leftEarValue=\"20\" leftEarUnit=\"kg\"/>\n </Audiogram>\n"
        body += " <Audiogram type=\"HKDataTypeIdentifierAudiogram\" sourceName=\"T\" startDate=\"2021-01-22 20:30:50 -0800\" endDate=\"2021-01-22 20:30:50 -0800\">\n" // 17
        body += points + " </Audiogram>\n"
        body += " <VisionPrescription type=\"HKVisionPrescriptionTypeGlasses\" dateIssued=\"2023-03-01 09:00:00 +0100\">\n" // 50
        body += "  <RightEye cylinder=\"-1\" cylinderUnit=\"D\"/>\n </VisionPrescription>\n"
        body += " <VisionPrescription type=\"HKVisionPrescriptionTypeGlasses\" dateIssued=\"2023-03-01 09:00:00 +0100\">\n" // 53
        body += "  <RightEye sphere=\"-1\" sphereUnit=\"parsec\"/>\n </VisionPrescription>\n"
        body += " <VisionPrescription type=\"HKVisionPrescriptionTypeGlasses\" dateIssued=\"2023-03-01 09:00:00 +0100\" expirationDate=\"2022-03-01 09:00:00 +0100\"/>\n" // 56
        body += " <VisionPrescription type=\"HKVisionPrescriptionTypeContacts\" dateIssued=\"2023-03-01 09:00:00 +0100\"/>\n" // 57 ok
        let (store, summary) = try Self.importedStore(body)
        #expect(summary.stored == 1)
        let group = summary.problems.groups.first { $0.kind == ImportProblem.Kind.invalidObject.rawValue }
        #expect(group?.lines == [11, 14, 17, 50, 53], "\(summary.problems.lines)")
        #expect(summary.problems.groups.first { $0.kind == ImportProblem.Kind.endBeforeStart.rawValue }?.lines == [56])
        #expect(try store.count(HKVisionPrescriptionTypeIdentifier) == 1)
    }
}
