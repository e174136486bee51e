import Foundation
import HealthDatabase
@testable import HealthExport
import HealthKitModel
import OpenHealthKit
import Testing
import ZIPFoundation

@Suite("electrocardiograms/*.csv in and out")
struct ElectrocardiogramImportTests {
    /// An ECG as Apple's English export writes it (a short one: 12 voltages).
    static let voltages = ["-48.673", "-59.681", "-70.112", "12", "154.9", "402.337", "380.004", "120.5", "-3.25", "-20.001", "-33.7", "-41"]
    static func csv(date: String = "2020-02-05 09:14:40 -0400", classification: String = "Sinus Rhythm", symptoms: String = "",
                    rate: String = "Sample Rate,512.844 hertz", unit: String = "Unit,µV", values: [String] = voltages) -> String {
        "Name,Jane Doe\nDate of Birth,\"Feb 5, 1952\"\nRecorded Date,\(date)\nClassification,\(classification)\nSymptoms,\(symptoms)\n"
            + "Software Version,1.51\nDevice,\"Watch5,4\"\n\(rate)\n\n\nLead,Lead I\n\(unit)\n\n" + values.joined(separator: "\n") + "\n"
    }

    static let exportXML = """
    <?xml version="1.0" encoding="UTF-8"?>
    <HealthData locale="en_US">
     <ExportDate value="2020-03-01 10:00:00 -0400"/>
     <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" value="12" startDate="2020-02-05 10:00:00 -0400" endDate="2020-02-05 10:01:00 -0400"/>
    </HealthData>

    """

    /// An export folder with export.xml and the given ECG files; returns the folder's path.
    static func export(_ store: TempStore, _ files: [String: String], folder: String = "export") throws -> String {
        let root = "\(folder)/apple_health_export"
        _ = try store.write(exportXML, name: "\(root)/export.xml")
        for (name, text) in files { _ = try store.write(text, name: "\(root)/electrocardiograms/\(name)") }
        return store.folder.appendingPathComponent(root).path
    }

    static func ecgs(_ store: TempStore) throws -> [HKElectrocardiogram] {
        try store.storage.records(matching: .types([HKObjectType.electrocardiogramType().identifier]), sort: [], limit: nil)
            .map { try #require(try ObjectMapping.object(from: $0) as? HKElectrocardiogram) }
    }

    @Test("an Apple ECG file becomes one HKElectrocardiogram with its voltages, and importing again stores nothing")
    func importsOne() throws {
        let store = try TempStore()
        let path = try Self.export(store, ["ecg_2020-02-05.csv": Self.csv()])
        let summary = try store.importExport(path)
        #expect(summary.problems.total == 0, "\(summary.problems.lines)")
        #expect(summary.storedByType[HKObjectType.electrocardiogramType().identifier] == 1)
        #expect(summary.elementsRead["electrocardiograms/*.csv"] == 1)
        let ecg = try #require(try Self.ecgs(store).first)
        let start = Date(timeIntervalSince1970: 1_580_908_480)   // 2020-02-05 13:14:40 UTC
        #expect(ecg.startDate == start)
        #expect(ecg.endDate == start.addingTimeInterval(12 / 512.844))
        #expect(ecg.classification == .sinusRhythm)
        #expect(ecg.symptomsStatus == .notSet)
        #expect(ecg.samplingFrequency == HKQuantity(unit: .hertz(), doubleValue: 512.844))
        #expect(ecg.averageHeartRate == nil)
        #expect(ecg.numberOfVoltageMeasurements == 12)
        #expect(ecg.voltageMeasurements[5].timeSinceSampleStart == 5 / 512.844)
        let volts = ecg.voltageMeasurements.map { $0.quantity(for: .appleWatchSimilarToLeadI)!.doubleValue(for: .volt()) }
        #expect(zip(volts, Self.voltages.map { Double($0)! * 1e-6 }).allSatisfy { abs($0 - $1) < 1e-15 })
        #expect(ecg.device?.hardwareVersion == "Watch5,4" && ecg.device?.name == "Apple Watch")
        #expect(ecg.sourceRevision.source.name == "ECG" && ecg.sourceRevision.version == "1.51")
        #expect(ecg.metadata == nil)

        let again = try store.importExport(path)
        #expect(again.stored == 0 && again.alreadyStored == 2)
        #expect(try Self.ecgs(store).count == 1)
    }

    @Test("the same file in export.zip gets the same UUID; decimal commas and CRLF lines read the same")
    func zipAndVariants() throws {
        let store = try TempStore()
        let folder = try Self.export(store, ["ecg_2020-02-05.csv": Self.csv()])
        let zip = store.folder.appendingPathComponent("export.zip")
        try FileManager.default.zipItem(at: URL(fileURLWithPath: folder), to: zip)
        let comma = Self.csv(values: Self.voltages.map { $0.replacingOccurrences(of: ".", with: ",") }).replacingOccurrences(of: "\n", with: "\r\n")
        let variant = try Self.export(store, ["ecg_2020-02-05.csv": comma], folder: "variant")
        let fromZip = try TempStore(), fromVariant = try TempStore()
        #expect(try fromZip.importExport(zip.path).problems.total == 0)
        let summary = try fromVariant.importExport(variant)
        #expect(summary.problems.total == 0, "\(summary.problems.lines)")
        let a = try #require(try Self.ecgs(fromZip).first), b = try #require(try Self.ecgs(fromVariant).first)
        #expect(a.uuid == b.uuid)
        #expect(a.voltageMeasurements == b.voltageMeasurements)
    }

    @Test("classifications and symptoms: English results, HealthKit names; other words are .unrecognized, kept and reported")
    func classifications() throws {
        let store = try TempStore()
        let path = try Self.export(store, [
            "ecg_1.csv": Self.csv(date: "2020-02-01 09:00:00 +0000", classification: "Atrial Fibrillation", symptoms: "None"),
            "ecg_2.csv": Self.csv(date: "2020-02-02 09:00:00 +0000", classification: "Heart Rate Over 120",
                                  symptoms: "\"Rapid, pounding, or fluttering heartbeat\""),
            "ecg_3.csv": Self.csv(date: "2020-02-03 09:00:00 +0000", classification: "inconclusivePoorReading"),
            "ecg_4.csv": Self.csv(date: "2020-02-04 09:00:00 +0000", classification: "Vorhofflimmern"),
        ])
        let summary = try store.importExport(path)
        #expect(summary.stored == 5)
        let byDay = Dictionary(uniqueKeysWithValues: try Self.ecgs(store).map { (Int($0.startDate.timeIntervalSince1970 / 86_400) - 18_293, $0) })
        #expect(byDay[0]?.classification == .atrialFibrillation && byDay[0]?.symptomsStatus == HKElectrocardiogram.SymptomsStatus.none)
        #expect(byDay[1]?.classification == .inconclusiveHighHeartRate && byDay[1]?.symptomsStatus == .present)
        #expect(byDay[1]?.metadata?[ElectrocardiogramConverter.MetadataKey.symptoms] as? String == "Rapid, pounding, or fluttering heartbeat")
        #expect(byDay[1]?.metadata?[ElectrocardiogramConverter.MetadataKey.classification] as? String == "Heart Rate Over 120")
        #expect(byDay[2]?.classification == .inconclusivePoorReading)
        #expect(byDay[3]?.classification == .unrecognized)
        #expect(byDay[3]?.metadata?[ElectrocardiogramConverter.MetadataKey.classification] as? String == "Vorhofflimmern")
        #expect(summary.problems.count(.badValue) == 1)
        #expect(summary.problems.lines.joined().contains("electrocardiograms/ecg_4.csv: unrecognized ECG classification \"Vorhofflimmern\""))
        let found = try store.storage.records(matching: .types([HKObjectType.electrocardiogramType().identifier]), sort: [], limit: nil)
        #expect(found.filter { $0.fields[FieldKey.ecgClassification] == .number(100) }.count == 1)
    }

    @Test("a file whose keys are in another language is read by Apple's line order")
    func translatedKeys() throws {
        let store = try TempStore()
        let german = "Name,Erika\nGeburtsdatum,\"5. Feb. 1952\"\nAufnahmedatum,2020-02-05 09:14:40 +0100\nKlassifizierung,Sinusrhythmus\n"
            + "Symptome,\nSoftwareversion,1.90\nGerät,\"Watch6,1\"\nAbtastrate,\"512,5 Hertz\"\n\nAbleitung,Ableitung I\nEinheit,µV\n\n1,5\n-2,25\n"
        let summary = try store.importExport(try Self.export(store, ["ecg_2020-02-05.csv": german]))
        let ecg = try #require(try Self.ecgs(store).first)
        #expect(ecg.startDate == Date(timeIntervalSince1970: 1_580_890_480))
        #expect(ecg.samplingFrequency == HKQuantity(unit: .hertz(), doubleValue: 512.5))
        let volts = ecg.voltageMeasurements.map { $0.quantity(for: .appleWatchSimilarToLeadI)!.doubleValue(for: .volt()) }
        #expect(volts.count == 2 && abs(volts[0] - 1.5e-6) < 1e-15 && abs(volts[1] + 2.25e-6) < 1e-15, "\(volts)")
        #expect(ecg.classification == .unrecognized && ecg.device?.hardwareVersion == "Watch6,1" && ecg.sourceRevision.version == "1.90")
        #expect(summary.problems.count(.badValue) == 1, "\(summary.problems.lines)")
    }

    @Test("malformed files are reported with their name and line; the good file and export.xml are still imported")
    func malformed() throws {
        let store = try TempStore()
        var values = Self.voltages
        values.insert("12.5 µV", at: 4)                                             // line 18
        let path = try Self.export(store, [
            "ecg_good.csv": Self.csv(),
            "ecg_date.csv": Self.csv(date: "5 February 2020"),                       // line 3
            "ecg_voltage.csv": Self.csv(values: values),
            "ecg_rate.csv": Self.csv(rate: "Sample Rate,fast"),                      // line 8
            "ecg_norate.csv": Self.csv(rate: "Lead Count,1"),
            "ecg_unit.csv": Self.csv(unit: "Unit,furlongs"),                         // line 12
            "ecg_empty.csv": "",
            "ecg_binary.csv": String(decoding: [0x50, 0x4B, 0x03, 0x04, 0xFF, 0x00, 0x0A, 0x01], as: UTF8.self),
            "notes.txt": "not an ECG",
        ])
        let summary = try store.importExport(path)
        #expect(try Self.ecgs(store).count == 1)
        #expect(summary.storedByType["HKQuantityTypeIdentifierStepCount"] == 1)
        #expect(summary.problems.total == 7, "\(summary.problems.lines)")
        let details = summary.problems.groups.flatMap { $0.details.keys }
        func reported(_ file: String, _ text: String) -> Bool { details.contains { $0.hasPrefix("electrocardiograms/\(file): ") && $0.contains(text) } }
        #expect(reported("ecg_date.csv", "\"5 February 2020\" is not a date"))
        #expect(reported("ecg_voltage.csv", "\"12.5 µV\" is not a voltage"))
        #expect(reported("ecg_rate.csv", "is not a frequency"))
        #expect(reported("ecg_norate.csv", "no Sample Rate line"))
        #expect(reported("ecg_unit.csv", "\"furlongs\""))
        #expect(reported("ecg_empty.csv", "empty"))
        #expect(reported("ecg_binary.csv", "neither a key,value line nor a voltage"))
        let lines = Set(summary.problems.groups.flatMap(\.lines))
        #expect(lines.isSuperset(of: [3, 18, 8, 12]), "\(lines)")
        #expect(summary.problems.count(.malformedFile) == 3)
    }

    @Test("export writes ecg_<day>.csv in Apple's layout; export -> import gives equal ECGs with the same UUIDs")
    func roundTrip() throws {
        let first = try TempStore()
        let path = try Self.export(first, [
            "ecg_2020-02-05.csv": Self.csv(),
            "ecg_2020-02-05_1.csv": Self.csv(date: "2020-02-05 18:00:00 -0400", classification: "Vorhofflimmern", symptoms: "Keine"),
            "ecg_2020-02-06.csv": Self.csv(date: "2020-02-06 11:00:00 -0400", classification: "Poor Recording",
                                           rate: "Sample Rate,512 hertz\nAverage Heart Rate,71 bpm"),
        ])
        _ = try first.importExport(path)
        let zip = first.folder.appendingPathComponent("out.zip")
        let counts = try HealthExporter(storage: first.storage).export(.apple, to: zip)
        #expect(counts["electrocardiograms"] == 3)
        let archive = try Archive(url: zip, accessMode: .read)
        let names = archive.filter { $0.type == .file && $0.path.contains("electrocardiograms/") }.map(\.path).sorted()
        #expect(names.count == 3 && names.allSatisfy { $0.hasPrefix("apple_health_export/electrocardiograms/ecg_2020-02-0") && $0.hasSuffix(".csv") },
                "\(names)")
        var text = Data()
        let firstName = try #require(names.first)
        let entry = try #require(archive[firstName])
        _ = try archive.extract(entry) { text.append($0) }
        let lines = String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(lines.count == 25, "\(lines)")
        #expect(lines[3...7] == ["Classification,Sinus Rhythm", "Symptoms,", "Software Version,1.51", "Device,\"Watch5,4\"", "Sample Rate,512.844 hertz"])
        #expect(lines[8...11] == ["", "Lead,Lead I", "Unit,µV", ""])
        #expect(Array(lines[12..<24]) == Self.voltages)

        let second = try TempStore()
        let summary = try second.importExport(zip.path)
        #expect(summary.problems.count(.malformedFile) == 0)
        let before = try Self.ecgs(first).sorted { $0.startDate < $1.startDate }
        let after = try Self.ecgs(second).sorted { $0.startDate < $1.startDate }
        #expect(before.count == 3 && after.count == 3)
        for (a, b) in Swift.zip(before, after) {
            #expect(a.uuid == b.uuid)
            #expect((a.startDate, a.endDate, a.classification, a.symptomsStatus) == (b.startDate, b.endDate, b.classification, b.symptomsStatus))
            #expect(a.averageHeartRate == b.averageHeartRate && a.samplingFrequency == b.samplingFrequency)
            #expect(a.voltageMeasurements == b.voltageMeasurements)
            #expect(a.device == b.device && a.sourceRevision == b.sourceRevision)
            #expect(NSDictionary(dictionary: a.metadata ?? [:]) == NSDictionary(dictionary: b.metadata ?? [:]))
        }
        #expect(after[2].averageHeartRate == HKQuantity(unit: HKUnit.count().unitDivided(by: .minute()), doubleValue: 71))
        #expect(try first.importExport(zip.path).stored == 0)
    }

    @Test("ECGs that differ only in their voltages are two ECGs; the same ECG twice in one export is stored once")
    func identityFollowsVoltages() throws {
        let store = try TempStore()
        var other = Self.voltages
        other[7] = "120.501"
        let summary = try store.importExport(try Self.export(store, ["ecg_a.csv": Self.csv(), "ecg_b.csv": Self.csv(values: other),
                                                                      "ecg_c.csv": Self.csv()]))
        #expect(try Self.ecgs(store).count == 2)
        #expect(summary.duplicatesInExport == 1)
    }

    @Test("a run killed after some ECGs were stored stores only the rest when run again")
    func rerunAfterPartialImport() throws {
        let store = try TempStore()
        let one = ["ecg_a.csv": Self.csv()]
        var both = one
        both["ecg_b.csv"] = Self.csv(date: "2020-02-07 08:00:00 +0100", classification: "Inconclusive")
        _ = try store.importExport(try Self.export(store, one, folder: "partial"))
        let rerun = try store.importExport(try Self.export(store, both, folder: "whole"))
        #expect(rerun.stored == 1 && rerun.alreadyStored == 2)
        #expect(try Self.ecgs(store).map(\.classification).sorted { $0.rawValue < $1.rawValue } == [.sinusRhythm, .inconclusiveOther])
    }
}
