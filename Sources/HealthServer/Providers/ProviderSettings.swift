public import Foundation
package import OpenHealthKit

/// How the server connects people to their healthcare providers (SMART on FHIR, the `HealthProviders` module): the
/// client the server is registered as at providers, the institutions people choose from, endpoint overrides, where
/// providers send the browser back, and how often the background refresh looks for due connections.
public struct ProviderSettings: Sendable {
    /// The client id the server is registered with at providers; nil: connecting is off (the providers page says so).
    public var clientID: String?
    /// A confidential client's secret (`client_secret_basic`).
    public var clientSecret: String?
    /// Authenticate with the product's own key (`private_key_jwt`; `health providers jwks --database
    /// DIR/people/ID/health.sqlite` prints a person's public keys).
    public var privateKeyJWT = false
    /// Directory bundles (HL7 User-access Brands, or Endpoint/Organization bundles) people choose institutions from.
    public var directoryFiles: [String] = []
    /// An endpoint overrides file (JSON, docs/Providers.md).
    public var overridesFile: String?
    /// Whether a FHIR address a person types may be on the server's own network (loopback, private, link-local,
    /// unique-local). Off: the server, which fetches the address itself, refuses it (`PrivateAddressCheck`), so a
    /// person cannot make it reach services only it can see; the directory's institutions are the administrator's
    /// choice and always allowed.
    public var allowPrivateAddresses = false
    /// The server's address as browsers reach it (`https://health.example.org`): the redirect URI registered with
    /// providers is this plus `/providers/callback`. Nil: the scheme and `Host` of the request that starts the launch.
    public var publicURL: URL?
    /// How often the background refresh looks for due connections, in seconds.
    public var refreshCheckInterval: TimeInterval = 60
    /// The clock the background refresh runs on (tests move it by hand); nil: the system's.
    package var clock: (any PollClock)?
    /// Called after every background or "sync now" sync, with the person, the connection and whether it was complete
    /// (tests wait on it).
    package var onSync: (@Sendable (_ personID: String, _ connectionID: String, _ complete: Bool) -> Void)?

    /// Connecting off, the refresh checking every minute.
    public init() {}
}
