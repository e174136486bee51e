public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A built-in sample institution, as HealthKit's simulator offers sample accounts: a synthetic patient served in FHIR
/// R4 or DSTU2 (allergies, conditions, immunizations, labs, medications, procedures, weekly vital signs, clinical
/// notes and a CDA document) by a server inside the process (no network). A sample connection is made by a real
/// SMART launch against it and syncs and refreshes like any other.
public struct SampleInstitution: Sendable {
    /// The FHIR release served.
    public enum Release: String, Sendable {
        case r4, dstu2
    }

    /// The name `connect --sample NAME` takes (`r4`, `dstu2`).
    public let name: String
    /// The institution's name (the records' source).
    public let institution: String
    /// The FHIR base URL (under `sample.openhealthkit.invalid`, never on the network).
    public let fhirBase: URL
    /// The release served.
    public let release: Release
    let chart: SampleChart
    /// Resources (JSON) served instead of the chart's, beside its Patient: a test's fixtures, such as Argonaut's examples.
    var fixtures: [Data]? = nil
    /// The public client id the sample's authorization server knows.
    public static let clientID = "openhealthkit-sample"

    /// The samples: `r4` (Alex Rivera at OpenHealthKit Sample Hospital) and `dstu2` (Sam Okafor at OpenHealthKit
    /// Sample Clinic, Argonaut shaped: Observation searches need a category).
    public static let all = [
        SampleInstitution(name: "r4", institution: "OpenHealthKit Sample Hospital", fhirBase: URL(string: "https://r4.\(SampleServer.domain)/fhir/r4")!,
                          release: .r4, chart: .alex),
        SampleInstitution(name: "dstu2", institution: "OpenHealthKit Sample Clinic",
                          fhirBase: URL(string: "https://dstu2.\(SampleServer.domain)/api/FHIR/DSTU2")!, release: .dstu2, chart: .sam),
    ]

    /// The sample called `name` (case ignored), or nil.
    public static func named(_ name: String) -> SampleInstitution? {
        all.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// The patient's id at the sample.
    public var patientID: String { chart.patientID }

    /// The `Content-Type` the server answers with (DSTU2 servers' older type).
    var contentType: String { release == .r4 ? "application/fhir+json" : "application/json+fhir" }

    /// The searches a DSTU2 (Argonaut) server needs: Observation by category.
    var searchParameters: [String: [String]]? {
        release == .dstu2 ? ["Observation": ["category=laboratory", "category=vital-signs"]] : nil
    }

    /// The resources the server holds at `now`.
    func resources(now: Date) -> [[String: Any]] {
        if let fixtures {
            return [["resourceType": "Patient", "id": chart.patientID, "name": [["family": [chart.family], "given": [chart.given]]]]]
                + fixtures.compactMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] }
        }
        return release == .r4 ? SampleResourcesR4.resources(chart, now: now)
            : SampleResourcesDSTU2.resources(chart, now: now, institution: institution)
    }

    /// Connects to the sample: discovery, the authorization URL, the sample person's instant approval (the 302 read
    /// as a browser would follow it), the code exchanged with PKCE; the connection saved in `connections` (the same
    /// sample connected again reuses its connection). The records are not synced yet.
    public func connect(connections: ConnectionStore, http: HTTPTransport) async throws -> ProviderConnection {
        let configuration = try await SMARTDiscovery(http: http).discover(fhirBase: fhirBase)
        let flow = AuthorizationFlow(http: http)
        let types = ProviderSync.resourceTypes + ProviderSync.referencedTypes
        let pending = try await flow.begin(fhirBase: fhirBase, configuration: configuration, client: .none(clientID: Self.clientID),
                                           scopes: .request(resourceTypes: types, v2: configuration.acceptsV2Scopes),
                                           redirectURI: URL(string: "http://127.0.0.1/callback")!)
        let approval = try await http.send(URLRequest(url: pending.url), step: .authorization)
        guard approval.status == 302, let location = approval.header("Location").flatMap(URL.init(string:)) else {
            throw ProviderError(.authorization, "the sample institution answered \(approval.status)")
        }
        let grant = try await flow.complete(redirect: location)
        return try connections.save(grant: grant, institution: institution, accept: contentType, searchParameters: searchParameters)
    }
}
