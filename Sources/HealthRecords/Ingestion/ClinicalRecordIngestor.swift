public import Foundation
public import HealthKitModel
public import OpenHealthKit

/// Brings FHIR resources from one institution into a store as clinical records.
///
/// The core, ``ingest(_:location:)``, takes resources from any source (files here; a provider download
/// later); the `ingest(json:…)`, NDJSON and file methods read inputs into it. Resources that fit no clinical
/// type are reported and not stored; resources that cannot be read are reported with their path and cost
/// only themselves. See docs/ClinicalRecords.md.
public struct ClinicalRecordIngestor: Sendable {
    /// The store records go into.
    public let store: HKHealthStore
    /// Where the records come from.
    public let institution: ClinicalInstitution
    /// How resources are read (the FHIR release to assume, or detection).
    public let reader: FHIRReader
    /// How many resources NDJSON ingestion stores per transaction.
    public var batchSize = 500
    /// How many resources of one JSON input (a bundle) are stored per transaction.
    public var jsonBatchSize = 5_000
    /// The largest JSON file read (64 MiB): a JSON file is read whole (peak memory is about 11 times the file), so a
    /// larger export should come as NDJSON, which is streamed.
    public static let maximumJSONFileBytes = 64 << 20

    /// An ingestor into `store` for `institution`; `release` nil detects each resource's FHIR version.
    public init(store: HKHealthStore, institution: ClinicalInstitution, release: HKFHIRRelease? = nil) {
        self.store = store
        self.institution = institution
        self.reader = FHIRReader(release: release)
    }

    /// Classifies `resources` and stores the clinical ones in one transaction; `location` names their input.
    /// A resource marked entered-in-error is not stored, and the record of an earlier version of it is removed.
    public func ingest(_ resources: [FHIRReadResource], location: String) throws -> ClinicalIngestReport {
        try ingest(resources[...], location: location, medicationNames: FHIRClassifier.medicationNames(in: resources))
    }

    /// ``ingest(_:location:)`` of a slice, with the medication names of the whole input it comes from.
    private func ingest(_ resources: ArraySlice<FHIRReadResource>, location: String,
                        medicationNames names: [String: String]) throws -> ClinicalIngestReport {
        try store(classify(resources, location: location, medicationNames: names))
    }

    /// Resources classified and ready to store: their records, the identities withdrawn (`entered-in-error`), and the
    /// report so far (skipped resources, entered-in-error count).
    struct Classified {
        var records: [HKClinicalRecord] = []
        var withdrawn: [(resourceType: String, identifier: String)] = []
        var report = ClinicalIngestReport()
    }

    /// Classifies `resources` (from the input `location`, whose medication names are `names`) into records.
    func classify(_ resources: ArraySlice<FHIRReadResource>, location: String,
                  medicationNames names: [String: String]) -> Classified {
        var classified = Classified()
        let now = Date()
        for item in resources {
            if FHIREnteredInError.isMarked(item.data) {
                classified.report.enteredInError += 1
                classified.withdrawn.append((item.resource.resourceType, item.identifier))
                continue
            }
            guard let classification = FHIRClassifier.classify(item.resource, medicationNames: names) else {
                classified.report.skip(.init(location: Self.join(location, item.location), resourceType: item.resource.resourceType,
                                             reason: FHIRClassifier.reasonNotClinical(item.resource)))
                continue
            }
            let resource = HKFHIRResource(
                fhirVersion: item.fhirVersion, resourceType: HKFHIRResourceType(rawValue: item.resource.resourceType),
                identifier: item.identifier, data: item.data,
                sourceURL: institution.sourceURL(resourceType: item.resource.resourceType, identifier: item.identifier,
                                                 fullUrl: item.fullUrl))
            let date = item.receivedDate ?? now
            classified.records.append(HKClinicalRecord(type: HKClinicalType(item.clinicalType ?? classification.clinicalType),
                                                       displayName: classification.displayName, fhirResource: resource,
                                                       start: date, end: date))
        }
        return classified
    }

    /// Stores classified records in one transaction, then removes the withdrawn identities; the report.
    func store(_ classified: Classified) throws -> ClinicalIngestReport {
        var report = classified.report
        report.clinicalResources = classified.records.count
        report.outcome = try store.ingestClinicalRecords(classified.records, from: institution.source)
        if !classified.withdrawn.isEmpty {
            report.withdrawn = try store.withdrawClinicalRecords(classified.withdrawn, from: institution.source)
        }
        return report
    }

    /// Reads `json` (a resource or a Bundle of any type) and ingests it; unreadable entries are reported. `context`
    /// resources read elsewhere (a provider's referenced Medications, fetched once) are ingested with it, so they can
    /// name its records; like any resource they are stored only when clinical.
    ///
    /// The resources are stored in transactions of ``jsonBatchSize``, so the records being written stay one batch
    /// however large the bundle (a 34 MB bundle of 150,000 Observations peaked at 623 MB in one transaction).
    /// Importing the same bundle again after an interruption stores only what is missing.
    public func ingest(json: Data, location: String, context: [FHIRReadResource] = []) throws -> ClinicalIngestReport {
        try ingest(read: reader.read(json), location: location, context: context)
    }

    /// ``ingest(json:location:context:)`` of an input already read with ``reader`` (a caller that needs the resources
    /// itself reads the input once).
    public func ingest(read: FHIRReadResult, location: String, context: [FHIRReadResource] = []) throws -> ClinicalIngestReport {
        let resources = read.resources + context
        let names = FHIRClassifier.medicationNames(in: resources)
        var report = ClinicalIngestReport()
        let size = max(1, jsonBatchSize)
        for start in stride(from: 0, to: resources.count, by: size) {
            let batch = resources[start..<min(start + size, resources.count)]
            report.merge(try ingest(batch, location: location, medicationNames: names))
        }
        report.failures += read.failures.map { .init(location: location, message: $0.description) }
        return report
    }

    /// Ingests a file or folder: `.ndjson` files line by line, other files as JSON; a folder's `.json` and
    /// `.ndjson` files (recursively, in name order). Other files in a folder are listed in ``ClinicalIngestReport/unreadFiles``.
    public func ingest(contentsOf url: URL) throws -> ClinicalIngestReport {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw HKError(.errorInvalidArgument, "\(url.path): no such file or folder")
        }
        guard isFolder.boolValue else { return try ingestFile(url, location: url.lastPathComponent) }
        var report = ClinicalIngestReport()
        for file in try Self.files(in: url) {
            let location = String(file.path.dropFirst(url.path.count).drop { $0 == "/" })
            if ["json", "ndjson"].contains(file.pathExtension.lowercased()) {
                report.merge(try ingestFile(file, location: location))
            } else {
                report.unreadFiles.append(location)
            }
        }
        return report
    }

    private func ingestFile(_ url: URL, location: String) throws -> ClinicalIngestReport {
        if url.pathExtension.lowercased() == "ndjson" { return try ingestNDJSON(at: url, location: location) }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
        if let size, size > Self.maximumJSONFileBytes {
            var report = ClinicalIngestReport()
            report.failures.append(.init(location: location, message: "the file is \(size) bytes; JSON files are read up to "
                                         + "\(Self.maximumJSONFileBytes) bytes (send larger exports as NDJSON, which is streamed)"))
            return report
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw HKError(.errorInvalidArgument, "\(url.path): cannot read (\(error.localizedDescription))")
        }
        return try ingest(json: data, location: location)
    }

    /// Streams an NDJSON file (one resource per line, the Bulk Data format) in batches of ``batchSize``;
    /// memory holds one batch. A bad line is reported as `file:line` and costs only itself.
    public func ingestNDJSON(at url: URL, location: String? = nil) throws -> ClinicalIngestReport {
        let name = location ?? url.lastPathComponent
        var report = ClinicalIngestReport(), batch: [FHIRReadResource] = []
        let lines = try NDJSONLines(url: url)
        func flush() throws {
            report.merge(try ingest(batch, location: name))
            batch.removeAll(keepingCapacity: true)
        }
        while let (number, line) = try lines.next() {
            let read = reader.read(line)
            for failure in read.failures { report.failures.append(.init(location: "\(name):\(number)", message: failure.description)) }
            for var resource in read.resources {
                resource.location = "line \(number)" + (resource.location.isEmpty ? "" : " " + resource.location)
                batch.append(resource)
            }
            if batch.count >= batchSize { try flush() }
        }
        try flush()
        return report
    }

    static func files(in folder: URL) throws -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw HKError(.errorInvalidArgument, "\(folder.path): cannot list the folder")
        }
        return enumerator.compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.path < $1.path }
    }

    static func join(_ location: String, _ path: String) -> String { path.isEmpty ? location : "\(location): \(path)" }
}
