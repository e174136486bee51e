import Foundation
import HealthDatabase
@testable import HealthExport
import HealthKitModel
import HealthRecords
import Testing
import ZIPFoundation

/// ECG CSV and route GPX files over their readers' limits (`ECGFile.maximumFileBytes`, `GPXReader.maximumFileBytes`),
/// in an export folder and in export.zip: each is reported by name with its size and the limit, without being read
/// whole, and the rest of the export is imported.
@Suite("Files over their reader's limit in an export")
struct OversizedFileImportTests {
    /// A step record and two walks, one with `route_big.gpx`, one with `route_ok.gpx`.
    static let exportXML = MalformedImportTests.head + "\n" + MalformedImportTests.record()
        + workout(start: "2023-01-01 10:00:00 +0000", end: "2023-01-01 10:10:00 +0000", route: "route_big.gpx")
        + workout(start: "2023-01-02 10:00:00 +0000", end: "2023-01-02 10:10:00 +0000", route: "route_ok.gpx")
        + "</HealthData>\n"
    static let gpx = "<gpx><trk><trkseg><trkpt lon=\"1\" lat=\"2\"><ele>3</ele><time>2023-01-02T10:00:00Z</time></trkpt>"
        + "<trkpt lon=\"1.001\" lat=\"2\"><ele>3</ele><time>2023-01-02T10:00:01Z</time></trkpt></trkseg></trk></gpx>\n"

    static func workout(start: String, end: String, route: String) -> String {
        " <Workout workoutActivityType=\"HKWorkoutActivityTypeWalking\" sourceName=\"Watch\" startDate=\"\(start)\" endDate=\"\(end)\">\n"
            + "  <WorkoutRoute sourceName=\"Watch\" startDate=\"\(start)\" endDate=\"\(end)\"><FileReference path=\"/workout-routes/\(route)\"/></WorkoutRoute>\n"
            + " </Workout>\n"
    }

    /// What an import stored of the export besides the oversized files: the steps, both walks, one route, one ECG.
    static func expectRestImported(_ summary: ImportReport, _ store: TempStore) throws {
        #expect(summary.storedByType["HKQuantityTypeIdentifierStepCount"] == 1, "\(summary.storedByType)")
        #expect(summary.storedByType[HKObjectType.workoutType().identifier] == 2, "\(summary.storedByType)")
        #expect(summary.storedByType[HKSeriesType.workoutRoute().identifier] == 1, "\(summary.storedByType)")
        #expect(try ElectrocardiogramImportTests.ecgs(store).count == 1)
    }

    /// Imports `path`: `ecg_big.csv` and `route_big.gpx`, one byte over their limits, are the only problems, named with
    /// their sizes and limits; the rest is imported.
    static func expectBothRefusedAndRestImported(importing path: String, into store: TempStore) throws {
        let summary = try store.importExport(path)
        #expect(tooLarge(summary) == [
            "/workout-routes/route_big.gpx: 134217729 bytes, over the limit of 128 MiB (134217728 bytes) for a route's GPX file",
            "electrocardiograms/ecg_big.csv: 16777217 bytes, over the limit of 16 MiB (16777216 bytes) for an ECG file",
        ])
        #expect(summary.problems.count(.fileTooLarge) == 2 && summary.problems.total == 2, "\(summary.problems.lines)")
        try expectRestImported(summary, store)
    }

    /// The report's detail lines of the `file too large` group.
    static func tooLarge(_ summary: ImportReport) -> [String] {
        summary.problems.groups.first { $0.kind == ImportProblem.Kind.fileTooLarge.rawValue }.map { Array($0.details.keys).sorted() } ?? []
    }

    /// Writes a file of `size` bytes without writing its bytes (a sparse file: the size is real, the disk holds none).
    static func sparseFile(_ url: URL, size: Int) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
    }

    @Test("in a folder: an ECG and a route one byte over their limits are reported with name, size and limit")
    func folder() throws {
        let store = try TempStore()
        let root = store.folder.appendingPathComponent("export/apple_health_export")
        _ = try store.write(Self.exportXML, name: "export/apple_health_export/export.xml")
        _ = try store.write(ElectrocardiogramImportTests.csv(), name: "export/apple_health_export/electrocardiograms/ecg_good.csv")
        _ = try store.write(Self.gpx, name: "export/apple_health_export/workout-routes/route_ok.gpx")
        try Self.sparseFile(root.appendingPathComponent("electrocardiograms/ecg_big.csv"), size: ECGFile.maximumFileBytes + 1)
        try Self.sparseFile(root.appendingPathComponent("workout-routes/route_big.gpx"), size: GPXReader.maximumFileBytes + 1)

        try Self.expectBothRefusedAndRestImported(importing: root.path, into: store)
    }

    @Test("in export.zip: entries over the limits are refused by the size the archive records, before inflating")
    func zip() throws {
        let store = try TempStore()
        let big = store.folder.appendingPathComponent("zeros")
        try Self.sparseFile(big, size: GPXReader.maximumFileBytes + 1)
        let zip = store.folder.appendingPathComponent("export.zip")
        let archive = try Self.archive(zip)
        try Self.add(archive, "apple_health_export/electrocardiograms/ecg_big.csv", Data(count: ECGFile.maximumFileBytes + 1))
        try archive.addEntry(with: "apple_health_export/workout-routes/route_big.gpx", fileURL: big, compressionMethod: .deflate)

        try Self.expectBothRefusedAndRestImported(importing: zip.path, into: store)
    }

    @Test("in export.zip: an ECG whose entry records 300 KB but inflates past the limit is stopped there and reported")
    func understatedZipEntry() throws {
        let store = try TempStore()
        let zip = store.folder.appendingPathComponent("export.zip")
        let voltages = Array(repeating: "-48.673", count: ECGFile.maximumFileBytes / 8 + 1)
        let oversized = Data(ElectrocardiogramImportTests.csv(values: voltages).utf8)
        #expect(oversized.count > ECGFile.maximumFileBytes)
        do {
            let archive = try Self.archive(zip)
            try Self.add(archive, "apple_health_export/electrocardiograms/ecg_lying.csv", oversized)
        }
        try Self.understate("apple_health_export/electrocardiograms/ecg_lying.csv", in: zip, as: 300_000)
        let entry = try #require(try Archive(url: zip, accessMode: .read)["apple_health_export/electrocardiograms/ecg_lying.csv"])
        try #require(entry.uncompressedSize == 300_000)

        let summary = try store.importExport(zip.path)
        #expect(Self.tooLarge(summary) == [
            "electrocardiograms/ecg_lying.csv: inflates to more than 16 MiB (16777216 bytes) (the archive says 300000 bytes), over the limit for an ECG file",
        ])
        #expect(summary.problems.count(.missingFile) == 1, "\(summary.problems.lines)")  // route_big.gpx is not in this zip
        #expect(summary.problems.total == 2, "\(summary.problems.lines)")
        try Self.expectRestImported(summary, store)
    }

    /// A new zip at `zip` holding export.xml, `ecg_good.csv` and `route_ok.gpx`, deflated.
    static func archive(_ zip: URL) throws -> Archive {
        let archive = try Archive(url: zip, accessMode: .create)
        try add(archive, "apple_health_export/export.xml", Data(Self.exportXML.utf8))
        try add(archive, "apple_health_export/electrocardiograms/ecg_good.csv", Data(ElectrocardiogramImportTests.csv().utf8))
        try add(archive, "apple_health_export/workout-routes/route_ok.gpx", Data(Self.gpx.utf8))
        return archive
    }

    /// Adds `data` as a deflated file entry.
    static func add(_ archive: Archive, _ path: String, _ data: Data) throws {
        try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
            data.subdata(in: Int(position)..<Int(position) + size)
        }
    }

    /// Rewrites the uncompressed size the zip records for `path` (its local header and its central directory entry).
    static func understate(_ path: String, in zip: URL, as size: UInt32) throws {
        var bytes = [UInt8](try Data(contentsOf: zip))
        let name = [UInt8](path.utf8)
        let little = withUnsafeBytes(of: size.littleEndian, Array.init)
        var patched = 0
        // Local header: signature PK\3\4, size at 22, name at 30. Central directory entry: PK\1\2, size at 24, name at 46.
        for (signature, sizeOffset, nameOffset) in [([0x50, 0x4B, 0x03, 0x04] as [UInt8], 22, 30), ([0x50, 0x4B, 0x01, 0x02], 24, 46)] {
            for start in 0..<(bytes.count - nameOffset - name.count) where Array(bytes[start..<start + 4]) == signature
                && Array(bytes[start + nameOffset..<start + nameOffset + name.count]) == name {
                bytes.replaceSubrange(start + sizeOffset..<start + sizeOffset + 4, with: little)
                patched += 1
            }
        }
        try #require(patched == 2)
        try Data(bytes).write(to: zip)
    }
}

/// A clinical record's FHIR file and export_cda.xml over their readers' limits, in an export folder.
@Suite("Clinical files over their reader's limit in an export")
struct OversizedClinicalFileImportTests {
    @Test("a FHIR resource file over 64 MiB and an export_cda.xml over 256 MiB are reported by name and size, never read whole")
    func clinicalFiles() throws {
        let store = try TempStore()
        let root = store.folder.appendingPathComponent("export/apple_health_export")
        let xml = MalformedImportTests.head + "\n" + MalformedImportTests.record()
            + " <ClinicalRecord type=\"HKClinicalTypeIdentifierAllergyRecord\" identifier=\"a1\" sourceName=\"H\" sourceURL=\"https://h.example/R4/AllergyIntolerance/a1\" "
            + "fhirVersion=\"4.0.1\" receivedDate=\"2021-03-01 09:30:00 +0100\" resourceFilePath=\"/clinical-records/AllergyIntolerance-a1.json\"/>\n"
            + "</HealthData>\n"
        _ = try store.write(xml, name: "export/apple_health_export/export.xml")
        try OversizedFileImportTests.sparseFile(root.appendingPathComponent("clinical-records/AllergyIntolerance-a1.json"),
                                                size: ClinicalRecordIngestor.maximumJSONFileBytes + 1)
        try OversizedFileImportTests.sparseFile(root.appendingPathComponent("export_cda.xml"), size: CDADocumentFile.maximumFileBytes + 1)
        let summary = try store.importExport(root.path)
        #expect(OversizedFileImportTests.tooLarge(summary) == [
            "/clinical-records/AllergyIntolerance-a1.json: 67108865 bytes, over the limit of 64 MiB (67108864 bytes) for a FHIR resource file",
            "export_cda.xml: 268435457 bytes, over the limit of 256 MiB (268435456 bytes) for a CDA file",
        ])
        #expect(summary.storedByType["HKQuantityTypeIdentifierStepCount"] == 1, "\(summary.storedByType)")
    }
}
