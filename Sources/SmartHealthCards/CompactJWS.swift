public import Foundation

/// A compact JWS (`header.payload.signature`, each base64url), split and decoded but not yet verified.
public struct CompactJWS: Sendable, Hashable {
    /// The JWS as given.
    public let text: String
    /// The decoded protected header.
    public let header: Header
    /// The payload bytes as signed (for a health card: raw DEFLATE).
    public let payload: Data
    /// The signature bytes.
    public let signature: Data
    /// The bytes the signature covers: `header.payload` in ASCII.
    public let signingInput: Data

    /// The members of the protected header a health card uses.
    public struct Header: Codable, Sendable, Hashable {
        /// The signature algorithm; must be `ES256`.
        public var alg: String?
        /// The payload compression; must be `DEF`.
        public var zip: String?
        /// The key id: the issuer key's RFC 7638 thumbprint.
        public var kid: String?
    }

    /// Splits and decodes `text`; throws a ``SmartHealthCardCheck/jwsFormat`` error when it is not a compact JWS.
    public init(_ text: String) throws(SmartHealthCardError) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw SmartHealthCardError(.jwsFormat, "a compact JWS has 3 dot-separated parts, this has \(parts.count)")
        }
        let names = ["header", "payload", "signature"]
        var decoded: [Data] = []
        for (index, part) in parts.enumerated() {
            guard let bytes = Base64URL.decode(part) else {
                throw SmartHealthCardError(.jwsFormat, "the \(names[index]) is not base64url")
            }
            decoded.append(bytes)
        }
        do {
            header = try JSONDecoder().decode(Header.self, from: decoded[0])
        } catch {
            throw SmartHealthCardError(.jwsFormat, "the header is not a JSON object with string alg, zip and kid")
        }
        self.text = text
        payload = decoded[1]
        signature = decoded[2]
        signingInput = Data(parts[0].utf8 + [UInt8(ascii: ".")] + parts[1].utf8)
    }
}
