import Foundation

/// SMART scopes: planning the request (v1 or v2 syntax, as the server accepts) and reading what was granted.
public struct SMARTScopes: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The scopes, in order, without duplicates.
    public private(set) var scopes: [String]

    /// Scopes from a space-separated string (a token response's `scope`).
    public init(_ text: String) {
        var seen = Set<String>()
        scopes = text.split(whereSeparator: \.isWhitespace).map(String.init).filter { seen.insert($0).inserted }
    }

    /// The space-separated form.
    public var description: String { scopes.joined(separator: " ") }

    /// The scopes a standalone patient launch asks for: `launch/patient openid fhirUser offline_access` and read
    /// access to each of `resourceTypes` (`patient/X.rs` when `v2`, else `patient/X.read`).
    public static func request(resourceTypes: [String], v2: Bool, offline: Bool = true) -> SMARTScopes {
        let access = (["Patient"] + resourceTypes.filter { $0 != "Patient" }).map { "patient/\($0)." + (v2 ? "rs" : "read") }
        return SMARTScopes((["launch/patient", "openid", "fhirUser"] + (offline ? ["offline_access"] : []) + access)
            .joined(separator: " "))
    }

    /// A granted resource scope: its context (`patient`, `user`), type (`*` for all) and optional query restriction.
    struct Resource: Hashable {
        var context: String
        var type: String
        var canSearch: Bool
        var query: String?
    }

    var resources: [Resource] {
        scopes.compactMap { scope in
            let parts = scope.split(separator: "/", maxSplits: 1)
            guard parts.count == 2, ["patient", "user"].contains(parts[0]) else { return nil }
            var rest = String(parts[1]), query: String?
            if let mark = rest.firstIndex(of: "?") {
                query = String(rest[rest.index(after: mark)...])
                rest = String(rest[..<mark])
            }
            guard let dot = rest.lastIndex(of: ".") else { return nil }
            let type = String(rest[..<dot]), permission = String(rest[rest.index(after: dot)...])
            let v1 = permission == "read" || permission == "*"
            let v2 = !permission.isEmpty && permission.allSatisfy { "cruds".contains($0) } && permission.contains("s")
            return Resource(context: String(parts[0]), type: type, canSearch: v1 || v2, query: query)
        }
    }

    /// Whether these scopes let the app search `resourceType`'s resources for the patient.
    public func allowsSearch(_ resourceType: String) -> Bool {
        searchRestrictions(resourceType) != nil
    }

    /// The searches these scopes allow for `resourceType`: `[nil]` when unrestricted, else one query restriction per
    /// granted `patient/X.rs?query` scope; nil when not granted.
    public func searchRestrictions(_ resourceType: String) -> [String?]? {
        let matching = resources.filter { $0.canSearch && ($0.type == resourceType || $0.type == "*") }
        guard !matching.isEmpty else { return nil }
        if matching.contains(where: { $0.query == nil }) { return [nil] }
        return matching.map(\.query)
    }

    /// Whether these scopes let the app read `resourceType` by id (v1 `read`, v2 with `r`).
    public func allowsRead(_ resourceType: String) -> Bool {
        scopes.contains { scope in
            let parts = scope.split(separator: "/", maxSplits: 1)
            guard parts.count == 2, ["patient", "user"].contains(parts[0]) else { return false }
            let rest = parts[1].split(separator: "?", maxSplits: 1)[0]
            guard let dot = rest.lastIndex(of: ".") else { return false }
            let type = rest[..<dot], permission = rest[rest.index(after: dot)...]
            guard type == resourceType || type == "*" else { return false }
            return permission == "read" || permission == "*" || (permission.allSatisfy { "cruds".contains($0) } && permission.contains("r"))
        }
    }

    /// Whether `offline_access` was granted (a refresh token for background refresh).
    public var offlineAccess: Bool { scopes.contains("offline_access") }

    /// The requested scopes that are missing from `granted` (what the person or server refused).
    public func refused(by granted: SMARTScopes) -> [String] {
        scopes.filter { !granted.scopes.contains($0) }
    }
}
