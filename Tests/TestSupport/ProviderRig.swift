public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The loopback provider rig `.ci/provider-rig start` runs (sekmet-fhir with a Synthea patient behind the project's
/// test SMART authorization server), as described by the `rig.json` it writes: `.build/provider-rig/rig.json`, or
/// `$OPENHEALTHKIT_PROVIDER_RIG`. Tests that need it skip with ``missingMessage`` when ``current`` is nil.
public struct ProviderRig: Decodable, Sendable {
    /// The FHIR base URL (sekmet).
    public var fhirBase: URL
    /// The test AS's SMART configuration (the discovery override: sekmet advertises its own client-credentials AS).
    public var discovery: URL
    /// The test AS's knobs (consent, ttl, clients).
    public var admin: URL
    /// The seeded patient's id.
    public var patientID: String
    /// A system token for changing the server's data behind the client's back.
    public var seedToken: String
    /// The redirect URI registered for the rig's clients.
    public var redirectURI: URL
    /// A `client_secret_basic` client and its secret.
    public var secretClient: String, secret: String
    /// A public client.
    public var publicClient: String
    /// The Synthea bundle that was loaded.
    public var seedFile: String
    /// Where the test AS serves the FHIR server through itself: `<proxyBase>/<lane>/fhir`, faults injected per lane
    /// and type (the `faults` knob); nil on an older rig.
    public var proxyBase: URL?

    /// The FHIR base through the test AS's proxy for `lane` (a name of the test's own, so tests running at the same
    /// time do not meet each other's faults); nil on an older rig.
    public func proxy(lane: String) -> URL? {
        proxyBase.map { $0.appendingPathComponent(lane).appendingPathComponent("fhir") }
    }

    /// How many injected faults each type of `lane` has served so far.
    public func faultsServed(lane: String) async throws -> [String: Int] {
        let (data, _) = try await URLSession.shared.data(from: URL(string: "/faults/\(lane)", relativeTo: admin)!.absoluteURL)
        return (try JSONSerialization.jsonObject(with: data) as? [String: Int]) ?? [:]
    }

    /// Where the rig's description is read.
    public static let file: URL = {
        if let path = ProcessInfo.processInfo.environment["OPENHEALTHKIT_PROVIDER_RIG"], !path.isEmpty { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/provider-rig/rig.json")
    }()

    /// The running rig, or nil (its file is missing or its servers do not answer).
    public static let current: ProviderRig? = {
        guard let data = try? Data(contentsOf: file), let rig = try? JSONDecoder().decode(ProviderRig.self, from: data) else { return nil }
        guard let answer = try? Data(contentsOf: rig.discovery), !answer.isEmpty else { return nil }
        return rig
    }()

    /// Changes the test AS's knobs (`consent`, `ttl`, `clients`: `{"id": {"secret": …, "redirect_uris": […]}}`).
    public func configure(_ settings: [String: Any]) async throws {
        var request = URLRequest(url: admin)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: settings)
        let (_, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
    }

    /// Sends a FHIR write with the rig's own seed token (changing the server's data behind the client's back);
    /// returns the resource the server answers with.
    @discardableResult
    public func write(_ method: String, _ path: String, _ body: [String: Any]) async throws -> [String: Any] {
        var request = URLRequest(url: fhirBase.appendingPathComponent(path))
        request.httpMethod = method
        request.setValue("Bearer " + seedToken, forHTTPHeaderField: "Authorization")
        request.setValue("application/fhir+json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let status = (response as? HTTPURLResponse)?.statusCode, (200..<300).contains(status) else {
            throw URLError(.badServerResponse, userInfo: [NSLocalizedDescriptionKey: "rig \(method) \(path) refused"])
        }
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    /// A second patient at the FHIR server with two Conditions ("Sprained ankle", "Migraine"); its id.
    public func addPatient() async throws -> String {
        let patient = try await write("POST", "Patient", ["resourceType": "Patient", "name": [["family": "Second", "given": ["Pat"]]]])
        guard let id = patient["id"] as? String else { throw URLError(.badServerResponse) }
        for text in ["Sprained ankle", "Migraine"] {
            try await write("POST", "Condition", ["resourceType": "Condition", "subject": ["reference": "Patient/\(id)"], "code": ["text": text]])
        }
        return id
    }

    /// A resource or search answer read from the FHIR server with the rig's own token.
    public func read(_ path: String) async throws -> [String: Any] {
        var request = URLRequest(url: URL(string: "\(fhirBase.absoluteString)/\(path)")!)
        request.setValue("Bearer " + seedToken, forHTTPHeaderField: "Authorization")
        let (data, _) = try await URLSession.shared.data(for: request)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw URLError(.cannotParseResponse) }
        return object
    }

    /// A prescription of the seeded Synthea patient that names its prescriber: its id, the `requester` reference and
    /// the prescriber's name as the server has it (prefix, given and family names).
    public func prescriber() async throws -> (prescription: String, reference: String, name: String) {
        let search = try await read("MedicationRequest?patient=\(patientID)")
        for case let resource? in (search["entry"] as? [[String: Any]] ?? []).map({ $0["resource"] as? [String: Any] }) {
            guard let id = resource["id"] as? String,
                  let reference = (resource["requester"] as? [String: Any])?["reference"] as? String,
                  let name = (try await read(reference)["name"] as? [[String: Any]])?.first else { continue }
            let parts = (name["prefix"] as? [String] ?? []) + (name["given"] as? [String] ?? []) + [name["family"] as? String ?? ""]
            return (id, reference, parts.joined(separator: " "))
        }
        throw URLError(.resourceUnavailable, userInfo: [NSLocalizedDescriptionKey: "the seeded patient has no prescription naming a prescriber"])
    }

    /// What a test prints when it skips because the rig is not running.
    public static let missingMessage =
        "skipped: the provider rig is not running (start it with `.ci/provider-rig start`; .ci/run does)"
}
