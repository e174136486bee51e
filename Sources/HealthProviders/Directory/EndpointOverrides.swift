public import Foundation

/// Per-endpoint corrections for servers whose discovery is missing or wrong, or that need extra search parameters
/// (a JSON file: `{"endpoints": [{"address": "https://…/api/FHIR/R4/", "tokenEndpoint": "…", …}]}`).
public struct EndpointOverride: Sendable, Hashable, Codable {
    /// How `aud` is sent in the authorization request.
    public enum AudienceMode: String, Sendable, Hashable, Codable {
        /// The FHIR base URL as it is (the default).
        case asIs
        /// The base URL without a trailing slash.
        case stripSlash
        /// No `aud` at all.
        case omit
    }

    /// The FHIR base URL this applies to (matched without trailing slash, host case-insensitive).
    public var address: URL
    /// Where to read the SMART configuration instead of `{address}/.well-known/smart-configuration`.
    public var discoveryURL: URL?
    /// The authorization endpoint, replacing discovery's.
    public var authorizationEndpoint: URL?
    /// The token endpoint, replacing discovery's.
    public var tokenEndpoint: URL?
    /// The revocation endpoint, replacing discovery's.
    public var revocationEndpoint: URL?
    /// How `aud` is sent; nil is ``AudienceMode/asIs``.
    public var aud: AudienceMode?
    /// The `Accept` header for FHIR requests (e.g. `application/json+fhir` for Epic DSTU2).
    public var accept: String?
    /// Scopes to ask for instead of the ones planned from discovery (space-separated).
    public var scopes: String?
    /// Extra scopes to add to the planned ones (e.g. Kaiser's `sandbox`).
    public var extraScopes: String?
    /// Per resource type, the searches to run instead of one plain `?patient=` search; each string is one search's
    /// extra query (`"category=laboratory"`, `"intent=order,plan"`).
    public var searchParameters: [String: [String]]?

    /// An override for `address` that changes nothing yet.
    public init(address: URL) {
        self.address = address
    }
}

/// A set of ``EndpointOverride``s, looked up by FHIR base URL.
public struct EndpointOverrides: Sendable, Codable {
    /// The overrides, in file order.
    public var endpoints: [EndpointOverride]

    /// Overrides from a list.
    public init(_ endpoints: [EndpointOverride] = []) {
        self.endpoints = endpoints
    }

    /// Reads an overrides file's bytes; `input` names it in errors, with the JSON path of what is wrong.
    public static func read(_ data: Data, input: String) throws -> EndpointOverrides {
        do {
            return try JSONDecoder().decode(EndpointOverrides.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw DirectoryError(input, "\(Self.path(context.codingPath + [key])): required member is missing")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.dataCorrupted(context) {
            throw DirectoryError(input, "\(Self.path(context.codingPath)): \(context.debugDescription)")
        } catch let DecodingError.valueNotFound(_, context) {
            throw DirectoryError(input, "\(Self.path(context.codingPath)): value is null")
        } catch {
            throw DirectoryError(input, "\(error)")
        }
    }

    /// The override for the endpoint at `address`, if any.
    public func override(for address: URL) -> EndpointOverride? {
        let key = DirectoryEndpoint.key(address)
        return endpoints.first { DirectoryEndpoint.key($0.address) == key }
    }

    static func path(_ keys: [any CodingKey]) -> String {
        keys.reduce("") { path, key in
            if let index = key.intValue { return path + "[\(index)]" }
            return path.isEmpty ? key.stringValue : path + "." + key.stringValue
        }
    }
}
