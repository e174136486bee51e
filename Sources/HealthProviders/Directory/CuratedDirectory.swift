public import Foundation

/// The small directory shipped with the product, used when no directory bundle is given: vendors' public sandboxes
/// with synthetic patients (Epic's and Oracle Health's need a client id registered with the vendor; SMART Health IT's
/// launcher takes any client id without registration), written as an HL7
/// User-access Brands bundle and read by the same reader as any other. Real institutions come from the vendors'
/// published lists (`--file`). The built-in sample institutions are not listed: `connect --sample` reaches them.
public enum CuratedDirectory {
    /// One entry: a brand with one endpoint.
    struct Entry {
        var id: String, name: String, city: String, state: String, address: String, fhirVersion: String, developerSite: String
    }

    /// The entries, with the base URLs their vendors document for patient access. SMART Health IT's is its launcher's
    /// R4 FHIR base (`/v/r4/fhir`, routes `/v/:fhir_release/fhir` in smart-on-fhir/smart-launcher-v2, which serves
    /// `.well-known/smart-configuration` there and lets apps launch without registering a client).
    static let entries = [
        Entry(id: "epic-sandbox", name: "Epic on FHIR Sandbox", city: "Verona", state: "WI",
              address: "https://fhir.epic.com/interconnect-fhir-oauth/api/FHIR/R4/", fhirVersion: "4.0.1", developerSite: "https://fhir.epic.com"),
        Entry(id: "oracle-health-sandbox", name: "Oracle Health (Cerner) Millennium Sandbox", city: "Kansas City", state: "MO",
              address: "https://fhir-myrecord.cerner.com/r4/ec2458f2-1e24-41c8-b71b-0e701af7583d/", fhirVersion: "4.0.1",
              developerSite: "https://fhir.cerner.com"),
        Entry(id: "smart-health-it", name: "SMART Health IT Sandbox", city: "Boston", state: "MA",
              address: "https://launch.smarthealthit.org/v/r4/fhir", fhirVersion: "4.0.1", developerSite: "https://launch.smarthealthit.org"),
    ]

    /// The list as a Brands bundle (JSON).
    public static var bundle: Data {
        var resources: [[String: Any]] = []
        for entry in entries {
            resources.append(["resourceType": "Organization", "id": entry.id, "name": entry.name,
                              "address": [["city": entry.city, "state": entry.state, "country": "US"]],
                              "telecom": [["system": "url", "value": entry.developerSite]],
                              "endpoint": [["reference": "Endpoint/\(entry.id)-endpoint"]]])
            resources.append(["resourceType": "Endpoint", "id": "\(entry.id)-endpoint", "status": "active", "name": entry.name,
                              "address": entry.address,
                              "extension": [["url": "http://hl7.org/fhir/StructureDefinition/endpoint-fhir-version", "valueCode": entry.fhirVersion]]])
        }
        let bundle: [String: Any] = ["resourceType": "Bundle", "type": "collection", "timestamp": "2026-11-27T00:00:00Z",
                                     "entry": resources.map { ["fullUrl": "https://directory.openhealthkit.invalid/\($0["resourceType"] ?? "")/\($0["id"] ?? "")",
                                                               "resource": $0] }]
        return (try? JSONSerialization.data(withJSONObject: bundle, options: [.sortedKeys])) ?? Data()
    }

    /// The shipped directory, read.
    public static func directory() throws -> InstitutionDirectory {
        var directory = InstitutionDirectory()
        try directory.add(bundle: bundle, input: "the shipped directory")
        return directory
    }
}
