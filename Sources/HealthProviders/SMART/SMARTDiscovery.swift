public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Finds a FHIR server's SMART endpoints: `{base}/.well-known/smart-configuration` (or the override's discovery URL),
/// then the CapabilityStatement's `oauth-uris` extension; an override's endpoints win over both.
public struct SMARTDiscovery: Sendable {
    static let oauthURIs = "http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris"
    /// The transport used.
    public let http: HTTPTransport

    /// Discovery over `http`.
    public init(http: HTTPTransport) {
        self.http = http
    }

    /// The configuration of the server at `fhirBase`.
    public func discover(fhirBase: URL, override: EndpointOverride? = nil) async throws -> SMARTConfiguration {
        var problems: [String] = []
        var configuration: SMARTConfiguration?
        let wellKnown = override?.discoveryURL ?? FHIRURL.join(fhirBase, ".well-known/smart-configuration")
        do {
            configuration = try await wellKnownConfiguration(wellKnown)
        } catch let error as ProviderError {
            problems.append(error.message)
        }
        if configuration == nil {
            let metadata = FHIRURL.join(fhirBase, "metadata")
            do {
                configuration = try await capabilityConfiguration(metadata)
            } catch let error as ProviderError {
                problems.append(error.message)
            }
        }
        if let override, let token = override.tokenEndpoint ?? configuration?.tokenEndpoint,
           let authorize = override.authorizationEndpoint ?? configuration?.authorizationEndpoint {
            var merged = configuration ?? SMARTConfiguration(authorizationEndpoint: authorize, tokenEndpoint: token, readFrom: wellKnown)
            merged.authorizationEndpoint = authorize
            merged.tokenEndpoint = token
            if let revoke = override.revocationEndpoint { merged.revocationEndpoint = revoke }
            configuration = merged
        }
        guard let configuration else {
            throw ProviderError(.discovery, "no SMART configuration for \(fhirBase.absoluteString): " + problems.joined(separator: "; "))
        }
        if !configuration.codeChallengeMethods.isEmpty, !configuration.codeChallengeMethods.contains("S256") {
            throw ProviderError(.discovery, "\(configuration.readFrom.absoluteString): the server does not offer PKCE S256")
        }
        return configuration
    }

    func wellKnownConfiguration(_ url: URL) async throws -> SMARTConfiguration {
        let object = try await json(url, accept: "application/json")
        func link(_ key: String) -> URL? {
            (object[key] as? String).flatMap { URL(string: $0, relativeTo: url)?.absoluteURL }
        }
        guard let token = link("token_endpoint") else {
            throw ProviderError(.discovery, "\(url.absoluteString): token_endpoint is missing")
        }
        guard let authorize = link("authorization_endpoint") else {
            throw ProviderError(.discovery, "\(url.absoluteString): authorization_endpoint is missing (no standalone launch)")
        }
        var configuration = SMARTConfiguration(authorizationEndpoint: authorize, tokenEndpoint: token, readFrom: url)
        configuration.revocationEndpoint = link("revocation_endpoint")
        configuration.managementEndpoint = link("management_endpoint")
        configuration.capabilities = object["capabilities"] as? [String] ?? []
        configuration.scopesSupported = object["scopes_supported"] as? [String] ?? []
        configuration.tokenAuthMethods = object["token_endpoint_auth_methods_supported"] as? [String] ?? []
        configuration.codeChallengeMethods = object["code_challenge_methods_supported"] as? [String] ?? []
        configuration.signingAlgorithms = object["token_endpoint_auth_signing_alg_values_supported"] as? [String] ?? []
        configuration.issuer = object["issuer"] as? String
        configuration.jwksURI = link("jwks_uri")
        return configuration
    }

    func capabilityConfiguration(_ url: URL) async throws -> SMARTConfiguration {
        let object = try await json(url, accept: "application/fhir+json")
        for rest in object["rest"] as? [[String: Any]] ?? [] {
            let security = rest["security"] as? [String: Any] ?? [:]
            for item in security["extension"] as? [[String: Any]] ?? [] where item["url"] as? String == Self.oauthURIs {
                var links: [String: URL] = [:]
                for part in item["extension"] as? [[String: Any]] ?? [] {
                    if let name = part["url"] as? String, let value = part["valueUri"] as? String ?? part["valueUrl"] as? String {
                        links[name] = URL(string: value, relativeTo: url)?.absoluteURL
                    }
                }
                guard let authorize = links["authorize"], let token = links["token"] else { continue }
                var configuration = SMARTConfiguration(authorizationEndpoint: authorize, tokenEndpoint: token, readFrom: url)
                configuration.revocationEndpoint = links["revoke"]
                configuration.managementEndpoint = links["manage"]
                return configuration
            }
        }
        throw ProviderError(.discovery, "\(url.absoluteString): no oauth-uris security extension")
    }

    func json(_ url: URL, accept: String) async throws -> [String: Any] {
        var request = URLRequest(url: url)
        request.setValue(accept, forHTTPHeaderField: "Accept")
        let response = try await http.send(request, step: .discovery)
        guard response.status == 200 else { throw ProviderError(.discovery, "\(url.absoluteString): HTTP \(response.status)", status: response.status) }
        guard let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] else {
            throw ProviderError(.discovery, "\(url.absoluteString): not a JSON object")
        }
        return object
    }
}

/// FHIR URL helpers.
enum FHIRURL {
    /// `base` + `/` + `path`, whatever trailing slash `base` has.
    static func join(_ base: URL, _ path: String) -> URL {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return URL(string: text + "/" + path)!
    }

    /// Same scheme, host and port.
    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && (a.port ?? defaultPort(a)) == (b.port ?? defaultPort(b))
    }

    static func defaultPort(_ url: URL) -> Int { url.scheme?.lowercased() == "http" ? 80 : 443 }
}
