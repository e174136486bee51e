import Foundation

/// The checks a SMART Health Card goes through, in order. A failure names the one that failed.
public enum SmartHealthCardCheck: String, Sendable, Hashable, CaseIterable {
    /// The input is a `shc:/` numeric QR, a `.smart-health-card` file or a compact JWS.
    case input
    /// Numeric QR content: `shc:/` header, digit pairs 00...77, chunk numbering.
    case qrNumeric
    /// Three base64url parts separated by dots.
    case jwsFormat
    /// The header's `alg` is `ES256`.
    case headerAlgorithm
    /// The header's `zip` is `DEF`.
    case headerCompression
    /// The header has a `kid`, equal to the RFC 7638 thumbprint of the issuer key it names.
    case headerKeyID
    /// The payload is raw DEFLATE (no zlib or gzip wrapper) that inflates.
    case deflate
    /// The inflated payload is a JSON health card (`iss`, `nbf`, `vc`).
    case payload
    /// The issuer is in the trust store and has a key with the header's `kid`.
    case issuerTrust
    /// The ES256 signature (64 bytes, r||s) verifies over P-256 with the issuer's key.
    case signature
    /// The card's `rid` is not on the issuer's revocation list for the key (and the list is valid).
    case revocation
    /// The card has not expired (`exp`).
    case expiration
    /// The card is already valid (`nbf`).
    case notBefore
}

/// A SMART Health Card that failed a check: which check, and what was wrong.
public struct SmartHealthCardError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The check that failed.
    public var check: SmartHealthCardCheck
    /// What was wrong.
    public var message: String

    /// An error of `check`.
    public init(_ check: SmartHealthCardCheck, _ message: String) {
        self.check = check
        self.message = message
    }

    /// `check failed: message`.
    public var description: String { "\(check.rawValue) check failed: \(message)" }
}

/// Base64url without padding, as JWS uses it.
enum Base64URL {
    /// The bytes of `text`, or nil when it is not base64url.
    static func decode<S: StringProtocol>(_ text: S) -> Data? {
        guard text.utf8.allSatisfy({ Self.alphabet.contains($0) }) else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        if base64.count % 4 == 1 { return nil }
        while base64.count % 4 != 0 { base64.append("=") }
        return Data(base64Encoded: base64)
    }

    /// `data` in base64url without padding.
    static func encode(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static let alphabet: Set<UInt8> = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
}
