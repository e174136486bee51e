import Foundation
import HealthRecords
import HealthLocking

/// Resources that medication records reference (`medicationReference` → `Medication/id`), fetched once per sync and
/// handed to ingestion with the page that references them, so the records carry the medication's name.
final class ReferencedResources: Sendable {
    /// Resource types whose records name a referenced Medication.
    static let medicationTypes: Set<String> = ["MedicationRequest", "MedicationDispense", "MedicationStatement", "MedicationOrder",
                                               "MedicationAdministration"]
    private let fetched = Locked<[String: [FHIRReadResource]]>([:])

    /// The Medications that `page`'s resources (as read) of `type` reference and the page does not contain, fetched
    /// at most once each. A Medication that cannot be fetched (not granted, gone) is left out: the record then keeps
    /// the reference's display, or its type in words.
    func medications(for page: [FHIRReadResource], type: String, session: FHIRSession, reader: FHIRReader) async -> [FHIRReadResource] {
        guard Self.medicationTypes.contains(type) else { return [] }
        var present = Set<String>(), wanted: [String] = []
        for item in page {
            if item.resource.resourceType == "Medication", let id = item.resource.id { present.insert("Medication/\(id)") }
            if let reference = Self.medicationReference(item), let key = Self.medicationKey(reference, base: session.base) {
                wanted.append(key)
            }
        }
        var result: [FHIRReadResource] = []
        for key in Set(wanted).subtracting(present).sorted() {
            if let known = fetched.withLock({ $0[key] }) { result += known; continue }
            var read: [FHIRReadResource] = []
            let url = FHIRURL.join(session.base, key)
            if let answer = try? await session.get(url, step: .download(resourceType: "Medication")), answer.status == 200 {
                read = reader.read(answer.body).resources
            }
            fetched.withLock { $0[key] = read }
            result += read
        }
        return result
    }

    /// The `medicationReference.reference` of a medication resource: from its model, or from its JSON when it has
    /// none (a type without a model).
    static func medicationReference(_ item: FHIRReadResource) -> String? {
        if let medication = item.resource.model as? any FHIRMedicationResource { return medication.medicationReference?.reference }
        guard medicationTypes.contains(item.resource.resourceType),
              let object = (try? JSONSerialization.jsonObject(with: item.data)) as? [String: Any] else { return nil }
        return (object["medicationReference"] as? [String: Any])?["reference"] as? String
    }

    /// `Medication/id` for a relative reference or an absolute one on the FHIR server; nil for contained (`#…`) or
    /// foreign references.
    static func medicationKey(_ reference: String, base: URL) -> String? {
        key(reference, types: ["Medication"], base: base)
    }

    /// `Type/id` for a relative reference to one of `types`, or an absolute one on the FHIR server `base` (a version
    /// suffix dropped); nil for contained (`#…`), foreign or other references.
    static func key(_ reference: String, types: Set<String>, base: URL?) -> String? {
        var text = reference
        if text.hasPrefix("http://") || text.hasPrefix("https://") {
            guard let base else { return nil }
            let prefix = DirectoryEndpoint.key(base) + "/"
            guard text.lowercased().hasPrefix(prefix.lowercased()) else { return nil }
            text = String(text.dropFirst(prefix.count))
        }
        let parts = text.split(separator: "/")
        guard parts.count >= 2, types.contains(String(parts[0])), !parts[1].isEmpty else { return nil }
        return "\(parts[0])/\(parts[1])"
    }
}
