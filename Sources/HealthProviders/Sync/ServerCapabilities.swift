import Foundation

/// What a FHIR server's CapabilityStatement says about searching: the resource types it serves and, per type, its
/// search parameters (to know where `_lastUpdated` may be used).
struct ServerCapabilities: Sendable {
    /// Per resource type, its search parameter names; nil when the statement could not be read (assume everything,
    /// no `_lastUpdated`).
    var searchParameters: [String: Set<String>]?

    init(searchParameters: [String: Set<String>]?) {
        self.searchParameters = searchParameters
    }

    /// Reads a CapabilityStatement's JSON; nil when it is none.
    init?(json: Data) {
        guard let object = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any],
              object["resourceType"] as? String == "CapabilityStatement" || object["resourceType"] as? String == "Conformance" else { return nil }
        var table: [String: Set<String>] = [:]
        for rest in object["rest"] as? [[String: Any]] ?? [] where (rest["mode"] as? String ?? "server") == "server" {
            let common = Set((rest["searchParam"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
            for resource in rest["resource"] as? [[String: Any]] ?? [] {
                guard let type = resource["type"] as? String else { continue }
                let names = (resource["searchParam"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
                table[type, default: []].formUnion(common.union(names))
            }
        }
        searchParameters = table
    }

    /// Whether the server serves `type` (true when unknown).
    func serves(_ type: String) -> Bool { searchParameters.map { $0[type] != nil } ?? true }

    /// Whether `_lastUpdated` is listed for `type`.
    func supportsLastUpdated(_ type: String) -> Bool { searchParameters?[type]?.contains("_lastUpdated") ?? false }
}
