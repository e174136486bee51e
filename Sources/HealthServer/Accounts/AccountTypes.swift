import Crypto
import Foundation
import HealthProviders

/// A person with an account: their health data is their own store.
struct Person: Sendable, Hashable {
    /// A random identifier, which also names their store's folder.
    var id: String
    /// The name they sign in with.
    var name: String
    /// Whether they administer the server (the first account).
    var isAdministrator: Bool
}

/// An app registered as an OAuth 2.0 client, with what HealthKit apps declare in their Info.plist.
struct RegisteredApp: Sendable, Hashable {
    /// The client id; also the bundle identifier its saves are stamped with.
    var clientID: String
    /// The name the permission sheet shows.
    var name: String
    /// Where the authorization response may be sent (exact match).
    var redirectURIs: [String]
    /// Why it reads (`NSHealthShareUsageDescription`).
    var shareUsageDescription: String?
    /// Why it writes (`NSHealthUpdateUsageDescription`).
    var updateUsageDescription: String?
    /// Why it reads clinical records (`NSHealthClinicalHealthRecordsShareUsageDescription`).
    var clinicalUsageDescription: String?
    /// Whether it has the clinical-records capability (`com.apple.developer.healthkit.access: health-records`).
    var clinicalAccess: Bool
    /// The clinical types it requires (`NSHealthRequiredReadAuthorizationTypeIdentifiers`).
    var requiredReadTypes: [String]
}

/// What a bearer token or session grants.
struct TokenGrant: Sendable, Hashable {
    /// The kinds of token.
    enum Kind: String, Sendable {
        /// A person's own access token for their scripts: owner access, as the CLI has.
        case personal
        /// An app's access token, from the authorization-code flow: the app's HealthKit access.
        case app
        /// A browser session (the cookie).
        case session
        /// A read-only guest session (HealthKit's Guest User mode), opened with a guest pass.
        case guest
        /// A single-use guest link a person hands to a guest; it opens a ``guest`` session and nothing else.
        case guestPass = "guest-pass"
        /// An app's access token from an authorization a guest session went through: the app reads what the person
        /// authorized, and every write fails (Guest User mode).
        case guestApp = "guest-app"
    }

    /// Which kind.
    var kind: Kind
    /// Whose data.
    var personID: String
    /// The app, for app tokens.
    var clientID: String?
    /// The scope granted (app tokens): `read:TYPE share:TYPE …`.
    var scope: [String]

    /// Whether a guest acts through it (Guest User mode: reads only).
    var isGuest: Bool { kind == .guest || kind == .guestApp }
}

/// A one-time code handed to an app's redirect URI.
struct AuthorizationCode: Sendable, Hashable {
    /// Whose authorization.
    var personID: String
    /// Which app.
    var clientID: String
    /// The redirect URI the code was sent to; the token request must name the same.
    var redirectURI: String
    /// The PKCE S256 challenge.
    var challenge: String
    /// The scope asked for.
    var scope: [String]
    /// When the code stops working.
    var expires: Date
    /// Whether a guest session asked for it: its token acts in Guest User mode.
    var guest = false
}

/// Random secrets and their digests: the server keeps only SHA-256 digests of tokens, codes and sessions.
enum TokenSecret {
    /// A fresh secret: `prefix` and 256 random bits, base64url.
    static func make(prefix: String) -> String {
        prefix + RandomToken.make(bytes: 32)
    }

    /// The SHA-256 digest of `secret`, hexadecimal (lower case). Every request asks for it, so the digits are set by
    /// hand: `String(format:)` per byte cost 7% of the server's CPU on the read mix.
    static func digest(_ secret: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in SHA256.hash(data: Data(secret.utf8)) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// Problems the server reports with a 4xx status.
enum ServerError: LocalizedError, Sendable, CustomStringConvertible {
    /// The request is malformed (400).
    case badRequest(String)
    /// No valid credentials (401).
    case unauthorized(String)
    /// Not allowed (403).
    case forbidden(String)
    /// Nothing there (404).
    case notFound(String)
    /// The path exists, the method does not (405).
    case methodNotAllowed(String)
    /// Already exists (409).
    case conflict(String)
    /// The body is too large (413).
    case tooLarge(String)
    /// Too many requests (429).
    case tooManyRequests(String)

    /// The sentence.
    var description: String {
        switch self {
        case .badRequest(let text), .unauthorized(let text), .forbidden(let text), .notFound(let text), .methodNotAllowed(let text), .conflict(let text),
             .tooLarge(let text), .tooManyRequests(let text): text
        }
    }

    /// The sentence, for `localizedDescription`.
    var errorDescription: String? { description }
}
