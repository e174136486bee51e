import Foundation

/// One search on a sample institution's FHIR server: `?patient=` (required, as patient-facing servers want it),
/// `category`, `_lastUpdated=gt…`, `_summary=count`, `_count` pages linked by `next` (`_offset`). The DSTU2 server
/// answers an Observation search without `category` with 400, as Argonaut servers (Epic's among them) do.
struct SampleSearch {
    let sample: SampleInstitution
    let type: String
    let url: URL

    func answer(_ resources: [[String: Any]]) -> HTTPTransport.Response {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        guard SampleCapabilities.searched(sample.release).contains(type) else {
            return SampleServer.outcome(404, "\(type) is not served here")
        }
        guard let patient = value("patient") else { return SampleServer.outcome(400, "\(type) searches need a patient") }
        let category = value("category")
        if sample.release == .dstu2, type == "Observation", category == nil {
            return SampleServer.outcome(400, "Observation searches need a category (laboratory, vital-signs)")
        }
        var matches = resources.filter { $0["resourceType"] as? String == type && Self.belongs($0, to: patient) }
        if let category { matches = matches.filter { Self.categories($0).contains(category) } }
        if let since = value("_lastUpdated"), since.hasPrefix("gt") {
            guard sample.release == .r4 else { return SampleServer.outcome(400, "_lastUpdated is not supported") }
            let bound = ISO8601DateFormatter().date(from: String(since.dropFirst(2))) ?? .distantPast
            matches = matches.filter { Self.lastUpdated($0) > bound }
        }
        if value("_summary") == "count" {
            return SampleServer.json(["resourceType": "Bundle", "type": "searchset", "total": matches.count], type: sample.contentType)
        }
        let count = max(1, min(Int(value("_count") ?? "") ?? 50, 200)), offset = max(0, Int(value("_offset") ?? "") ?? 0)
        let page = matches.dropFirst(offset).prefix(count)
        var links = [["relation": "self", "url": url.absoluteString]]
        if offset + count < matches.count { links.append(["relation": "next", "url": link(items, offset: offset + count)]) }
        let entries = page.map { resource -> [String: Any] in
            ["fullUrl": FHIRURL.join(sample.fhirBase, "\(type)/\(resource["id"] as? String ?? "")").absoluteString,
             "resource": resource, "search": ["mode": "match"]]
        }
        return SampleServer.json(["resourceType": "Bundle", "type": "searchset", "total": matches.count, "link": links, "entry": entries],
                                 type: sample.contentType)
    }

    /// The same search at another offset.
    private func link(_ items: [URLQueryItem], offset: Int) -> String {
        var parts = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        parts.queryItems = items.filter { $0.name != "_offset" } + [URLQueryItem(name: "_offset", value: String(offset))]
        return parts.url!.absoluteString
    }

    static func belongs(_ resource: [String: Any], to patient: String) -> Bool {
        let reference = ((resource["subject"] ?? resource["patient"]) as? [String: Any])?["reference"] as? String
        return reference == "Patient/\(patient)"
    }

    /// The category codes of a resource (R4 lists or DSTU2's single CodeableConcept).
    static func categories(_ resource: [String: Any]) -> Set<String> {
        let concepts = resource["category"] as? [[String: Any]] ?? (resource["category"] as? [String: Any]).map { [$0] } ?? []
        return Set(concepts.flatMap { ($0["coding"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String } })
    }

    static func lastUpdated(_ resource: [String: Any]) -> Date {
        ((resource["meta"] as? [String: Any])?["lastUpdated"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) } ?? .distantPast
    }
}

/// The sample servers' CapabilityStatement (R4) or Conformance (DSTU2): the types searched and their parameters.
enum SampleCapabilities {
    /// The resource types searched by patient.
    static func searched(_ release: SampleInstitution.Release) -> [String] {
        let common = ["AllergyIntolerance", "Condition", "DiagnosticReport", "DocumentReference", "Immunization", "Observation", "Procedure"]
        return common + (release == .r4 ? ["MedicationRequest"] : ["MedicationOrder"])
    }

    static func statement(_ sample: SampleInstitution) -> [String: Any] {
        let r4 = sample.release == .r4
        let parameters = ["patient", "category"] + (r4 ? ["_lastUpdated"] : [])
        var resources: [[String: Any]] = searched(sample.release).map { type -> [String: Any] in
            ["type": type, "interaction": [["code": "read"], ["code": "search-type"]],
             "searchParam": parameters.map { ["name": $0, "type": $0 == "_lastUpdated" ? "date" : "reference"] }]
        }
        resources += ["Patient", "Medication", "Binary"].map { type -> [String: Any] in ["type": type, "interaction": [["code": "read"]]] }
        return ["resourceType": r4 ? "CapabilityStatement" : "Conformance", "status": "active", "kind": "instance",
                "fhirVersion": r4 ? "4.0.1" : "1.0.2", "format": ["json"], "date": SampleChart.written,
                "rest": [["mode": "server", "resource": resources]]]
    }
}
