import Crypto
import Foundation

/// A public JSON Web Key as issuers publish them in `.well-known/jwks.json`.
public struct JSONWebKey: Codable, Sendable, Hashable {
    /// Key type; `EC` for health cards.
    public var kty: String?
    /// Key id: should be the RFC 7638 thumbprint.
    public var kid: String?
    /// Intended use; `sig`.
    public var use: String?
    /// Algorithm; `ES256`.
    public var alg: String?
    /// Curve; `P-256`.
    public var crv: String?
    /// The public point's x coordinate, base64url.
    public var x: String?
    /// The public point's y coordinate, base64url.
    public var y: String?
    /// The revocation list version, when the issuer publishes one for this key.
    public var crlVersion: Int?

    private enum Keys: String, CodingKey { case kty, kid, use, alg, crv, x, y, crlVersion }

    /// Decodes the members; a `crlVersion` published as a numeric string (`"1"`, seen in the VCI directory) is read as its number.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        kty = try container.decodeIfPresent(String.self, forKey: .kty)
        kid = try container.decodeIfPresent(String.self, forKey: .kid)
        use = try container.decodeIfPresent(String.self, forKey: .use)
        alg = try container.decodeIfPresent(String.self, forKey: .alg)
        crv = try container.decodeIfPresent(String.self, forKey: .crv)
        x = try container.decodeIfPresent(String.self, forKey: .x)
        y = try container.decodeIfPresent(String.self, forKey: .y)
        if let text = try? container.decodeIfPresent(String.self, forKey: .crlVersion) {
            crlVersion = Int(text)
        } else {
            crlVersion = try container.decodeIfPresent(Int.self, forKey: .crlVersion)
        }
    }

    /// The RFC 7638 thumbprint: SHA-256 over `{"crv":…,"kty":…,"x":…,"y":…}`, base64url. Nil when a member is missing.
    public var thumbprint: String? {
        guard let crv, let kty, let x, let y else { return nil }
        let canonical = "{\"crv\":\(Self.quoted(crv)),\"kty\":\(Self.quoted(kty)),\"x\":\(Self.quoted(x)),\"y\":\(Self.quoted(y))}"
        return Base64URL.encode(Data(SHA256.hash(data: Data(canonical.utf8))))
    }

    /// Why the key cannot sign health cards, or nil: an EC P-256 key for ES256 signatures (`use` sig), whose `kid`
    /// is its RFC 7638 thumbprint. Key type, curve, algorithm and use are ``SmartHealthCardCheck/signature``
    /// problems; a `kid` that is not the thumbprint is a ``SmartHealthCardCheck/headerKeyID`` problem.
    public var validationProblem: SmartHealthCardError? {
        let name = kid ?? "without kid"
        if kty != "EC" { return SmartHealthCardError(.signature, "key \(name) has kty \(kty ?? "none"), not EC") }
        if crv != "P-256" { return SmartHealthCardError(.signature, "key \(name) is on curve \(crv ?? "none"), not P-256") }
        if let alg, alg != "ES256" { return SmartHealthCardError(.signature, "key \(name) is for alg \(alg), not ES256") }
        if let use, use != "sig" { return SmartHealthCardError(.signature, "key \(name) has use \(use), not sig") }
        if let kid, kid != thumbprint {
            return SmartHealthCardError(.headerKeyID, "key kid \(kid) is not its RFC 7638 thumbprint \(thumbprint ?? "none")")
        }
        return nil
    }

    /// The P-256 public key; throws a ``SmartHealthCardCheck/signature`` error when the key is not one.
    func publicKey() throws(SmartHealthCardError) -> P256.Signing.PublicKey {
        guard kty == "EC", crv == "P-256" else {
            throw SmartHealthCardError(.signature, "issuer key \(kid ?? "?") is not an EC P-256 key (kty \(kty ?? "none"), crv \(crv ?? "none"))")
        }
        guard let x = x.flatMap(Base64URL.decode), let y = y.flatMap(Base64URL.decode), x.count == 32, y.count == 32 else {
            throw SmartHealthCardError(.signature, "issuer key \(kid ?? "?") has malformed x/y coordinates")
        }
        do {
            return try P256.Signing.PublicKey(rawRepresentation: x + y)
        } catch {
            throw SmartHealthCardError(.signature, "issuer key \(kid ?? "?") is not a point on P-256")
        }
    }

    private static func quoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let data = (try? encoder.encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

/// A JSON Web Key Set: `{"keys": [...]}`.
public struct JSONWebKeySet: Codable, Sendable, Hashable {
    /// The keys.
    public var keys: [JSONWebKey]
}

/// An issuer's revocation list for one key: `.well-known/crl/<kid>.json`.
public struct RevocationList: Codable, Sendable, Hashable {
    /// The key the list is for.
    public var kid: String
    /// The revocation method; only `rid` is defined.
    public var method: String
    /// The list's version; must equal the key's `crlVersion`.
    public var ctr: Int
    /// Revoked ids: `rid`, or `rid.timestamp` (cards issued before the timestamp are revoked).
    public var rids: [String]
}
