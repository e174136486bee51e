import Foundation
import HealthKitModel
import HealthFHIR
import Testing
import TestSupport

/// Every resource of a HealthKit type in the DSTU2 and R4 corpora decodes and classifies.
@Suite struct FHIRCorpusTests {
    /// The corpus's JSON files and the files that are not JSON (reported, not read).
    static func files(_ corpus: String) throws -> (json: [URL], other: [String])? {
        guard let root = TestData.directory(corpus) else { return nil }
        let all = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!.compactMap { $0 as? URL }
            .filter { !$0.hasDirectoryPath && $0.lastPathComponent != "SOURCES.md" }
        let json = all.filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
        let other = all.filter { $0.pathExtension != "json" }.map { String($0.path.dropFirst(root.path.count + 1)) }.sorted()
        return (json, other)
    }

    static let clinicalTypes: Set<String> = [
        "AllergyIntolerance", "Condition", "Coverage", "DiagnosticReport", "DocumentReference", "Immunization",
        "MedicationDispense", "MedicationOrder", "MedicationRequest", "MedicationStatement", "Observation", "Procedure",
    ]

    @Test(arguments: [("fhir-dstu2", HKFHIRRelease.dstu2), ("fhir-r4", HKFHIRRelease.r4)])
    func everyResourceDecodesAndClassifies(corpus: String, release: HKFHIRRelease) throws {
        guard let (files, other) = try Self.files(corpus) else { print(TestData.missingMessage); return }
        // The only non-JSON files are FHIR XML (the SMART sample patients, Argonaut and US Core 3.1.1 XML twins of
        // JSON examples), which ingestion does not read: they are listed, not skipped silently.
        #expect(other.allSatisfy { $0.hasSuffix(".xml") }, "\(other)")
        if !other.isEmpty { print("\(corpus): \(other.count) non-JSON files not read: \(other.joined(separator: ", "))") }
        var clinical = 0, byType: [String: Int] = [:], wrongVersion: [String] = []
        for file in files {
            let result = FHIRReader().read(try Data(contentsOf: file))
            #expect(result.failures.isEmpty, "\(file.lastPathComponent): \(result.failures)")
            for item in result.resources where Self.clinicalTypes.contains(item.resource.resourceType) {
                let classification = FHIRClassifier.classify(item.resource)
                #expect(classification != nil, "\(file.lastPathComponent) \(item.location) \(item.resource.resourceType)")
                #expect(classification?.displayName.isEmpty == false)
                // A resource that shows its release must be detected right; one that looks the same in both
                // releases takes its bundle's, else R4 (the caller can say otherwise: FHIRReader(release:)).
                let shown = FHIRVersionDetection.release(of: item.resource)
                #expect(shown == nil || shown == release, "\(file.lastPathComponent) \(item.location)")
                if item.fhirVersion.fhirRelease != release { wrongVersion.append("\(file.lastPathComponent) \(item.location) \(item.resource.resourceType)") }
                clinical += 1
                byType[item.resource.resourceType, default: 0] += 1
            }
        }
        print("\(corpus): \(files.count) files, \(clinical) clinical resources \(byType.sorted { $0.key < $1.key })")
        print("\(corpus): \(wrongVersion.count) standalone resources look the same in DSTU2 and R4: \(wrongVersion)")
        #expect(clinical > 1000)
    }
}
