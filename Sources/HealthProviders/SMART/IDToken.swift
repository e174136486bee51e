import Crypto
import _CryptoExtras
public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An OpenID Connect ID token that passed the checks SMART asks for before `fhirUser` is believed: the signature
/// (RS256, RS384, ES256 or ES384) by a key of the server's `jwks_uri`, `iss` = the server's `issuer`, `aud` naming
/// the client, and `exp` not passed (one minute of clock skew allowed).
public struct IDToken: Sendable, Hashable {
    /// Who signed in (`sub`).
    public let subject: String
    /// The FHIR resource of the person who signed in (`fhirUser`: `Patient/123`, `RelatedPerson/9`, or an absolute
    /// URL), when the token names one.
    public let fhirUser: String?

    /// Verifies `token` for `clientID` against `configuration` (its `jwks_uri` fetched through `http`); throws when any
    /// check fails (a server without `jwks_uri` cannot be checked: callers then leave `fhirUser` unknown).
    static func verify(_ token: String, configuration: SMARTConfiguration, clientID: String, http: HTTPTransport,
                       now: Date = Date()) async throws -> IDToken {
        func invalid(_ why: String) -> ProviderError { ProviderError(.tokenExchange, "the ID token is not valid: \(why)") }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let headerData = Base64URL.decode(parts[0]), let claimsData = Base64URL.decode(parts[1]),
              let signature = Base64URL.decode(parts[2]),
              let header = (try? JSONSerialization.jsonObject(with: headerData)) as? [String: Any],
              let claims = (try? JSONSerialization.jsonObject(with: claimsData)) as? [String: Any] else {
            throw invalid("not a signed JWT")
        }
        guard let jwksURI = configuration.jwksURI else { throw invalid("the server publishes no jwks_uri to check it with") }
        let algorithm = header["alg"] as? String ?? ""
        let keys = try await Self.keys(jwksURI, http: http)
        let candidates = keys.filter { key in (header["kid"] as? String).map { key["kid"] as? String == $0 } ?? true }
        let signed = Data((parts[0] + "." + parts[1]).utf8)
        guard candidates.contains(where: { Self.verifies(signature, of: signed, algorithm: algorithm, key: $0) }) else {
            throw invalid("its \(algorithm.isEmpty ? "unnamed" : algorithm) signature does not verify with the server's keys")
        }
        if let issuer = configuration.issuer, claims["iss"] as? String != issuer { throw invalid("iss is not \(issuer)") }
        let audience = (claims["aud"] as? [String]) ?? [(claims["aud"] as? String) ?? ""]
        guard audience.contains(clientID) else { throw invalid("aud does not name this client") }
        guard let expiry = (claims["exp"] as? NSNumber)?.doubleValue, expiry + 60 > now.timeIntervalSince1970 else { throw invalid("it has expired") }
        guard let subject = claims["sub"] as? String else { throw invalid("it has no sub") }
        return IDToken(subject: subject, fhirUser: claims["fhirUser"] as? String)
    }

    /// The JWKS's keys.
    static func keys(_ url: URL, http: HTTPTransport) async throws -> [[String: Any]] {
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let answer = try await http.send(request, step: .tokenExchange)
        guard answer.status == 200, let object = (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any],
              let keys = object["keys"] as? [[String: Any]] else {
            throw ProviderError(.tokenExchange, "\(url.absoluteString): not a JWKS (HTTP \(answer.status))")
        }
        return keys
    }

    /// Whether `signature` over `data` verifies with the JWK `key` under `algorithm`.
    static func verifies(_ signature: Data, of data: Data, algorithm: String, key: [String: Any]) -> Bool {
        func member(_ name: String) -> Data? { (key[name] as? String).flatMap(Base64URL.decode) }
        switch algorithm {
        case "RS256", "RS384":
            guard key["kty"] as? String == "RSA", let n = member("n"), let e = member("e"),
                  let publicKey = try? _RSA.Signing.PublicKey(n: n, e: e) else { return false }
            let rsa = _RSA.Signing.RSASignature(rawRepresentation: signature)
            return algorithm == "RS256" ? publicKey.isValidSignature(rsa, for: SHA256.hash(data: data), padding: .insecurePKCS1v1_5)
                : publicKey.isValidSignature(rsa, for: SHA384.hash(data: data), padding: .insecurePKCS1v1_5)
        case "ES256":
            guard let x = member("x"), let y = member("y"), let publicKey = try? P256.Signing.PublicKey(rawRepresentation: x + y),
                  let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
            return publicKey.isValidSignature(ecdsa, for: data)
        case "ES384":
            guard let x = member("x"), let y = member("y"), let publicKey = try? P384.Signing.PublicKey(rawRepresentation: x + y),
                  let ecdsa = try? P384.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
            return publicKey.isValidSignature(ecdsa, for: data)
        default:
            return false  // `none` and HMAC are never accepted: the client holds no shared secret to check them with
        }
    }
}
