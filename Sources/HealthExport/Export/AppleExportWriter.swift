import Foundation
import HealthDatabase
import HealthKitModel
import OpenHealthKit

/// Writes a store as Apple's export layout (`apple_health_export/` with export.xml, workout-routes/*.gpx,
/// electrocardiograms/*.csv, clinical-records/*.json, export_cda.xml), in the form this importer (and other tools for Apple exports)
/// read, so that importing it gives back the same samples with the same UUIDs.
struct AppleExportWriter {
    let storage: any HealthStorage
    let selection: ExportSelection
    let root: URL
    /// Told of the records written, page by page.
    let progress: ExportProgress.Counter?
    private(set) var counts: [String: Int] = [:]
    /// ECG files written per day (`ecg_2020-09-24.csv`, then `ecg_2020-09-24_2.csv`, ...).
    private var ecgsPerDay: [String: Int] = [:]

    init(storage: any HealthStorage, selection: ExportSelection, root: URL, progress: ExportProgress.Counter? = nil) {
        self.storage = storage
        self.selection = selection
        self.root = root
        self.progress = progress
    }

    /// Writes everything; returns the number of elements written by name.
    mutating func write() throws -> [String: Int] {
        let output = try XMLOutput(root.appendingPathComponent("export.xml"))
        let scan = StoreScan(storage: storage, filter: selection.filter, progress: progress)
        let heartbeats = try scan.children(ofTypes: [HKDataTypeIdentifierHeartbeatSeries])
        let routes = try scan.children(ofTypes: [HKWorkoutRouteTypeIdentifier])
        var documents: [Data] = []
        output.write(ExportDTD.prolog)
        output.write("<HealthData locale=\"en_US\">\n <ExportDate value=\"\(ExportFields.date(Date()))\"/>\n")
        output.write(try MeElement.text(storage: storage))
        let dateOfBirth = MeElement.ecgDateOfBirth(storage: storage)
        try scan.forEachPage { page in
            for record in page {
                switch record.kind {
                case .quantity, .category:
                    output.write(ElementText.record(record, beats: heartbeats[record.uuid]?.first, indent: " "))
                    count("Record")
                case .correlation:
                    let members = try storage.records(matching: .parent(record.uuid), sort: [], limit: nil)
                    output.write(try ElementText.correlation(record, members: members))
                    count("Correlation")
                case .workout:
                    output.write(try workout(record, routes: routes[record.uuid] ?? []))
                    count("Workout")
                case .clinical:
                    output.write(try clinical(record))
                    count("ClinicalRecord")
                case .document:
                    if let payload = record.payload { documents.append(payload) }
                case .other where record.type == HKObjectType.electrocardiogramType().identifier:
                    try electrocardiogram(record, dateOfBirth: dateOfBirth)
                case .other:
                    if let text = try ElementText.other(record) {
                        output.write(text)
                        count(record.type)
                    }
                case .verifiableRecord:
                    count("skipped verifiable records")
                case .part:
                    break  // a workout's activities: written inside their workout
                }
            }
        }
        output.write("</HealthData>\n")
        try output.close()
        if !documents.isEmpty {
            var cda = Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8)
            for document in documents { cda.append(document); cda.append(Data("\n".utf8)) }
            try cda.write(to: root.appendingPathComponent("export_cda.xml"))
            counts["export_cda.xml documents"] = documents.count
        }
        return counts
    }

    private mutating func count(_ name: String) { counts[name, default: 0] += 1 }

    private mutating func workout(_ record: SampleRecord, routes: [SampleRecord]) throws -> String {
        guard let workout = try ObjectMapping.object(from: record) as? HKWorkout else { return "" }
        var text = ElementText.workoutOpening(workout, record)
        for route in routes {
            guard let sample = try? ObjectMapping.object(from: route) as? HKWorkoutRoute else { continue }
            let path = RouteMapping.file(of: route) ?? "/workout-routes/route_\(route.uuid.uuidString).gpx"
            let url = root.appendingPathComponent(String(path.drop { $0 == "/" }))
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(GPXReader.gpx(sample.locations, name: "Route").utf8).write(to: url)
            text += "  <WorkoutRoute\(ExportFields.source(route))\(ExportFields.interval(route.startDate, route.endDate))>\n"
            text += ExportFields.entries(ExportFields.metadata(route.fields), indent: "   ")
            text += "   <FileReference path=\"\(ExportText.escape(path))\"/>\n  </WorkoutRoute>\n"
            count("workout-routes")
        }
        return text + " </Workout>\n"
    }

    /// Writes an ECG as `electrocardiograms/ecg_<day>.csv` (the day in this machine's time zone, as export.xml's dates).
    private mutating func electrocardiogram(_ record: SampleRecord, dateOfBirth: String) throws {
        guard let ecg = try ObjectMapping.object(from: record) as? HKElectrocardiogram else { return }
        let folder = root.appendingPathComponent(ElectrocardiogramImport.folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let day = String(ExportFields.date(ecg.startDate).prefix(10))
        ecgsPerDay[day, default: 0] += 1
        let number = ecgsPerDay[day] ?? 1
        let name = number == 1 ? "ecg_\(day).csv" : "ecg_\(day)_\(number).csv"
        try Data(ElectrocardiogramConverter.file(ecg, dateOfBirth: dateOfBirth).text().utf8).write(to: folder.appendingPathComponent(name))
        count("electrocardiograms")
    }

    private func clinical(_ record: SampleRecord) throws -> String {
        guard let clinical = try ObjectMapping.object(from: record) as? HKClinicalRecord, let resource = clinical.fhirResource else { return "" }
        let name = "\(resource.resourceType.rawValue)-\(resource.identifier.replacingOccurrences(of: "/", with: "_")).json"
        let folder = root.appendingPathComponent("clinical-records")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try resource.data.write(to: folder.appendingPathComponent(name))
        let version = resource.fhirVersion
        return " <ClinicalRecord type=\"\(resource.resourceType.rawValue)\" identifier=\"\(ExportText.escape(resource.identifier))\""
            + " sourceName=\"\(ExportText.escape(record.source.name))\" sourceURL=\"\(ExportText.escape(resource.sourceURL?.absoluteString ?? ""))\""
            + " fhirVersion=\"\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)\""
            + " receivedDate=\"\(ExportFields.date(record.startDate))\" resourceFilePath=\"/clinical-records/\(name)\"/>\n"
    }
}
