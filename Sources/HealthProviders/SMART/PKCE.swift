import Crypto
public import Foundation

/// Proof Key for Code Exchange with S256 (RFC 7636): a fresh 43-character verifier of 256 random bits, and its
/// challenge `BASE64URL(SHA256(verifier))`. `plain` is never used.
public struct PKCE: Sendable, Hashable {
    /// The secret kept by the client until the code exchange.
    public let verifier: String
    /// What the authorization request carries.
    public var challenge: String { Self.challenge(for: verifier) }
    /// Always `S256`.
    public let method = "S256"

    /// A fresh verifier.
    public init() {
        verifier = RandomToken.make(bytes: 32)
    }

    /// A given verifier (43 to 128 characters of `[A-Za-z0-9-._~]`), for test vectors.
    public init?(verifier: String) {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        guard (43...128).contains(verifier.count), verifier.unicodeScalars.allSatisfy(allowed.contains) else { return nil }
        self.verifier = verifier
    }

    /// `BASE64URL(SHA256(ASCII(verifier)))`.
    public static func challenge(for verifier: String) -> String {
        Base64URL.encode(Data(SHA256.hash(data: Data(verifier.utf8))))
    }
}

/// Unpredictable tokens (the `state`, PKCE verifiers, `jti`s) from the system's secure generator.
public enum RandomToken {
    /// `bytes` random bytes, base64url without padding (32 bytes = 256 bits, 43 characters).
    public static func make(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode(Data((0..<bytes).map { _ in UInt8.random(in: 0...255, using: &generator) }))
    }
}

/// Base64url without padding (RFC 4648 §5), as JOSE and PKCE write it.
public enum Base64URL {
    /// Encodes `data`.
    public static func encode(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes `text`, or nil when it is not base64url.
    public static func decode(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
