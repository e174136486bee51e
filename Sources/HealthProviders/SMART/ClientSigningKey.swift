import Crypto
import _CryptoExtras
public import Foundation

/// The product's own key for `private_key_jwt` client authentication: ES384 (P-384) or RS384 (RSA 2048), generated
/// here and kept encrypted by ``ConnectionStore``; its public half is printable as a JWK for registration with a
/// provider. SMART clients SHALL support both algorithms; a connection uses the one the server lists
/// (`token_endpoint_auth_signing_alg_values_supported`), ES384 when it lists none.
public struct ClientSigningKey: Sendable, Hashable {
    /// The JWS algorithm.
    public enum Algorithm: String, Sendable, Hashable, Codable, CaseIterable {
        /// ECDSA P-384 with SHA-384.
        case ES384
        /// RSASSA-PKCS1-v1_5 with SHA-384.
        case RS384
    }

    /// The algorithm the key signs with.
    public let algorithm: Algorithm
    /// The private key's PEM (PKCS #8).
    let pem: String

    /// A new random key for `algorithm`.
    public init(algorithm: Algorithm = .ES384) throws {
        self.algorithm = algorithm
        switch algorithm {
        case .ES384: pem = P384.Signing.PrivateKey().pemRepresentation
        case .RS384: pem = try _RSA.Signing.PrivateKey(keySize: .bits2048).pemRepresentation
        }
    }

    /// A key from its PEM (a P-384 or an RSA private key); throws when it is neither.
    public init(pem: String) throws {
        if (try? P384.Signing.PrivateKey(pemRepresentation: pem)) != nil {
            algorithm = .ES384
        } else if (try? _RSA.Signing.PrivateKey(pemRepresentation: pem)) != nil {
            algorithm = .RS384
        } else {
            throw ProviderError(.secrets, "not a P-384 or RSA private key")
        }
        self.pem = pem
    }

    /// The public key's members as a JWK (`kty` and its members), without `kid`, `alg` or `use`.
    private var publicMembers: [(String, String)] {
        get throws {
            switch algorithm {
            case .ES384:
                let raw = try P384.Signing.PrivateKey(pemRepresentation: pem).publicKey.rawRepresentation  // x || y
                return [("crv", "P-384"), ("kty", "EC"), ("x", Base64URL.encode(raw.prefix(48))), ("y", Base64URL.encode(raw.suffix(48)))]
            case .RS384:
                let primitives = try _RSA.Signing.PrivateKey(pemRepresentation: pem).publicKey.getKeyPrimitives()
                return [("e", Base64URL.encode(primitives.publicExponent)), ("kty", "RSA"), ("n", Base64URL.encode(primitives.modulus))]
            }
        }
    }

    /// The key id: the RFC 7638 thumbprint of the public key (SHA-256 over its required members in order, base64url).
    public var keyID: String {
        get throws {
            let canonical = "{" + (try publicMembers).map { "\"\($0.0)\":\"\($0.1)\"" }.joined(separator: ",") + "}"
            return Base64URL.encode(Data(SHA256.hash(data: Data(canonical.utf8))))
        }
    }

    /// The public key as a JWK object. No private part.
    public var jwk: [String: Any] {
        get throws {
            var object: [String: Any] = Dictionary(uniqueKeysWithValues: try publicMembers)
            object["kid"] = try keyID
            object["alg"] = algorithm.rawValue
            object["use"] = "sig"
            object["key_ops"] = ["verify"]
            return object
        }
    }

    /// `keys` as a JWKS document (`{"keys":[…]}`), to register with a provider.
    public static func jwks(_ keys: [ClientSigningKey]) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: ["keys": keys.map { try $0.jwk }], options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// A client assertion JWT: header `alg`, `kid`, `typ` JWT; claims `iss` = `sub` = client id, `aud` = the token
    /// URL, `exp` 4 minutes ahead, a unique `jti`.
    public func clientAssertion(clientID: String, audience: URL, now: Date = Date()) throws -> String {
        let header: [String: Any] = ["alg": algorithm.rawValue, "kid": try keyID, "typ": "JWT"]
        let seconds = Int(now.timeIntervalSince1970)
        let claims: [String: Any] = ["iss": clientID, "sub": clientID, "aud": audience.absoluteString,
                                     "exp": seconds + 240, "iat": seconds, "jti": RandomToken.make(bytes: 16)]
        let signingInput = try Self.part(header) + "." + Self.part(claims)
        let bytes = Data(signingInput.utf8)
        switch algorithm {
        case .ES384:
            let signature = try P384.Signing.PrivateKey(pemRepresentation: pem).signature(for: bytes)
            return signingInput + "." + Base64URL.encode(signature.rawRepresentation)
        case .RS384:
            let signature = try _RSA.Signing.PrivateKey(pemRepresentation: pem).signature(for: SHA384.hash(data: bytes), padding: .insecurePKCS1v1_5)
            return signingInput + "." + Base64URL.encode(signature.rawRepresentation)
        }
    }

    static func part(_ object: [String: Any]) throws -> String {
        Base64URL.encode(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }
}
