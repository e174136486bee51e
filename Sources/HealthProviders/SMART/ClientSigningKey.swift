import Crypto
import Foundation

/// The product's own key for `private_key_jwt` client authentication: an ES384 (P-384) key generated here and kept
/// encrypted by ``SecretBox``; its public half is printable as a JWKS for registration with a provider.
public struct ClientSigningKey: Sendable, Hashable {
    /// The private key's PEM (PKCS #8).
    let pem: String
    private var key: P384.Signing.PrivateKey { try! P384.Signing.PrivateKey(pemRepresentation: pem) }

    /// A new random key.
    public init() {
        pem = P384.Signing.PrivateKey().pemRepresentation
    }

    /// A key from its PEM; throws when it is not a P-384 private key.
    public init(pem: String) throws {
        _ = try P384.Signing.PrivateKey(pemRepresentation: pem)
        self.pem = pem
    }

    /// The key id: the RFC 7638 thumbprint of the public key (SHA-256 over `{"crv","kty","x","y"}`, base64url).
    public var keyID: String {
        let (x, y) = coordinates
        let canonical = #"{"crv":"P-384","kty":"EC","x":"\#(x)","y":"\#(y)"}"#
        return Base64URL.encode(Data(SHA256.hash(data: Data(canonical.utf8))))
    }

    private var coordinates: (String, String) {
        let raw = key.publicKey.rawRepresentation  // x || y, 48 bytes each
        return (Base64URL.encode(raw.prefix(48)), Base64URL.encode(raw.suffix(48)))
    }

    /// The public key as a JWKS document (`{"keys":[{…}]}`), to register with a provider. No private part.
    public var jwks: String {
        let (x, y) = coordinates
        return #"{"keys":[{"kty":"EC","crv":"P-384","x":"\#(x)","y":"\#(y)","kid":"\#(keyID)","alg":"ES384","use":"sig","key_ops":["verify"]}]}"#
    }

    /// A client assertion JWT: header `alg` ES384, `kid`, `typ` JWT; claims `iss` = `sub` = client id,
    /// `aud` = the token URL, `exp` 4 minutes ahead, a unique `jti`.
    public func clientAssertion(clientID: String, audience: URL, now: Date = Date()) throws -> String {
        let header: [String: Any] = ["alg": "ES384", "kid": keyID, "typ": "JWT"]
        let seconds = Int(now.timeIntervalSince1970)
        let claims: [String: Any] = ["iss": clientID, "sub": clientID, "aud": audience.absoluteString,
                                     "exp": seconds + 240, "iat": seconds, "jti": RandomToken.make(bytes: 16)]
        let signingInput = try Self.part(header) + "." + Self.part(claims)
        let signature = try key.signature(for: Data(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature.rawRepresentation)
    }

    static func part(_ object: [String: Any]) throws -> String {
        Base64URL.encode(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }
}
