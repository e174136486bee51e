import Foundation
import HealthDatabase
import HealthKitModel
import HealthRecords
import OpenHealthKit

/// `ClinicalRecord` elements (their FHIR JSON from `clinical-records/`) and `export_cda.xml`, stored through
/// HealthRecords' ingestion (classification into HealthKit's clinical types, identity = institution + resource
/// type + id, so a re-import replaces nothing and duplicates nothing), dated by the element's `receivedDate`,
/// typed by its `type` (HealthKit's own classification) and of its `fhirVersion` (detected from the JSON when
/// absent). Collected during the read (they are few) and ingested per institution when the records are done.
final class ClinicalImport {
    private struct Pending {
        var institution: ClinicalInstitution
        var resources: [FHIRReadResource] = []
    }
    private var pending: [String: Pending] = [:]
    private let reader = FHIRReader()
    /// The line of the `ClinicalRecord` element that named each resource file, for problems found at ingestion.
    private var lines: [String: Int] = [:]

    /// Reads one `ClinicalRecord` element's resource file; problems go to `report`.
    func add(_ node: ExportNode, files: ExportFiles, report: (ImportProblem) -> Void) {
        let attributes = node.attributes
        guard let path = attributes["resourceFilePath"] else {
            return report(ImportProblem(.missingAttribute, line: node.line, "ClinicalRecord without resourceFilePath"))
        }
        let data: Data
        switch files.data(at: path, limit: ClinicalRecordIngestor.maximumJSONFileBytes) {
        case .success(let bytes): data = bytes
        case .failure(.unreadable): return report(ImportProblem(.missingFile, line: node.line, path))
        case .failure(let problem): return report(problem.importProblem(file: path, line: node.line, what: "a FHIR resource file"))
        }
        lines[path] = node.line
        let name = attributes["sourceName"] ?? "Health Records"
        let read = reader.read(data)
        for failure in read.failures { report(ImportProblem(.invalidObject, line: node.line, "\(path): \(failure)")) }
        var entry = pending[name] ?? Pending(institution: ClinicalInstitution(name: name, baseURL: Self.baseURL(attributes["sourceURL"])))
        let received = attributes["receivedDate"].flatMap(ExportValues.date)
        let type = attributes["type"].flatMap { HKObjectType.type(forIdentifier: $0) as? HKClinicalType }
        let version = attributes["fhirVersion"].flatMap { try? HKFHIRVersion(fromVersionString: $0) }
        entry.resources += read.resources.map { resource in
            var resource = resource
            resource.location = path
            resource.receivedDate = received
            if let version { resource.fhirVersion = version }
            resource.clinicalType = type.map { HKClinicalTypeIdentifier(rawValue: $0.identifier) }
            return resource
        }
        pending[name] = entry
    }

    /// Ingests what was collected, plus `export_cda.xml` when the export has one; returns the stored counts
    /// (added or replaced) by type and the number already present.
    func finish(store: HKHealthStore, files: ExportFiles, summary: inout ImportReport) {
        for name in pending.keys.sorted() {
            guard let entry = pending[name] else { continue }
            do {
                let ingestor = ClinicalRecordIngestor(store: store, institution: entry.institution)
                let result = try ingestor.ingest(entry.resources, location: "clinical-records")
                summary.stored += result.outcome.added + result.outcome.replaced
                summary.storedByType["ClinicalRecord", default: 0] += result.outcome.added + result.outcome.replaced
                summary.alreadyStored += result.outcome.unchanged
                for skipped in result.skipped {
                    summary.problems.add(ImportProblem(.unknownType, line: line(of: skipped.location),
                                                       "\(skipped.resourceType): \(skipped.reason)", file: skipped.location))
                }
                for failure in result.failures {
                    summary.problems.add(ImportProblem(.invalidObject, line: line(of: failure.location), failure.description))
                }
            } catch {
                summary.problems.add(ImportProblem(.invalidObject, line: 0, "clinical records of \(name): \(error)"))
            }
        }
        pending = [:]
        lines = [:]
        switch files.data(at: "export_cda.xml", limit: CDADocumentFile.maximumFileBytes) {
        case .success(let data): DocumentImport.run(data, store: store, summary: &summary)
        case .failure(.unreadable): return
        case .failure(let problem): summary.problems.add(problem.importProblem(file: "export_cda.xml", line: 0, what: "a CDA file"))
        }
    }

    /// The line of the element whose resource file an ingestion location (`clinical-records: /clinical-records/x.json`,
    /// perhaps followed by a path inside the file) names; 0 when none does.
    private func line(of location: String) -> Int {
        lines.first { location.hasSuffix($0.key) || location.contains($0.key + ":") || location.contains($0.key + " ") }?.value ?? 0
    }

    /// The FHIR base of a resource URL (`https://host/FHIR/DSTU2/Procedure/123` gives `https://host/FHIR/DSTU2`).
    static func baseURL(_ text: String?) -> URL? {
        guard let text, let url = URL(string: text), url.pathComponents.count > 2 else { return nil }
        return url.deletingLastPathComponent().deletingLastPathComponent()
    }
}
