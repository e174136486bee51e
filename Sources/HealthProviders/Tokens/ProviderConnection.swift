public import Foundation
public import HealthKitModel
public import HealthRecords

/// One connection to a provider: an institution's FHIR endpoint and one patient there, with what was granted and
/// how far syncing got. Its tokens are not here in the clear: ``ConnectionStore`` keeps them sealed.
public struct ProviderConnection: Sendable, Codable, Identifiable {
    /// Whether the connection can be used without the person.
    public enum Status: String, Sendable, Codable {
        /// Tokens work (or can be refreshed).
        case active
        /// The grant is gone (refused refresh, no refresh token after expiry): the person must sign in again.
        case needsSignIn
    }

    /// A stable id (UUID string), also the file name.
    public var id: String
    /// The institution's name (its records' source).
    public var institution: String
    /// The FHIR base URL.
    public var fhirBase: URL
    /// The patient in context.
    public var patientID: String
    /// Who signed in, from the verified ID token's `fhirUser` (`Patient/123`, `RelatedPerson/9`…); nil when unknown.
    public var fhirUser: String?
    /// The client id used.
    public var clientID: String
    /// `none`, `client_secret_basic` or `private_key_jwt`.
    public var authMethod: String
    /// The server's SMART configuration, as discovered.
    public var configuration: SMARTConfiguration
    /// The `private_key_jwt` signing algorithm (nil: not such a client).
    public var signingAlgorithm: ClientSigningKey.Algorithm?
    /// What was asked for.
    public var requested: SMARTScopes
    /// What was granted; only these types are synced.
    public var granted: SMARTScopes
    /// Usable, or waiting for the person.
    public var status: Status
    /// When the connection was made.
    public var created: Date
    /// When the last sync finished (whatever its result).
    public var lastSync: Date?
    /// When the last complete full check finished.
    public var lastFullCheck: Date?
    /// How often the connection is refreshed in the background (nil: ``ProviderSchedule/defaultPeriod``, 24 hours).
    public var refreshPeriod: TimeInterval?
    /// When the next background refresh is due (nil: due now, unless the connection needs sign-in).
    public var nextDue: Date?
    /// Failed syncs in a row (backs off the next due time).
    public var failuresInARow: Int?
    /// The last sync's or refresh's error, if any.
    public var lastError: String?
    /// The `Accept` header for FHIR requests.
    public var accept: String?
    /// Per type, the searches to run (from overrides).
    public var searchParameters: [String: [String]]?
    /// The bundle identifier of its records' source (nil: the institution name's, as connections made before sources
    /// were per patient). A second patient at the same institution gets its own, so its records stay apart.
    public var sourceBundleIdentifier: String?
    /// Per search, the server time to ask `_lastUpdated=gt…` from next time.
    public var checkpoints: [String: String] = [:]
    /// The sealed ``ConnectionSecrets`` (base64 of AES-GCM).
    var sealedSecrets: String = ""

    /// Identity across reconnections: the endpoint (normalized) and the patient.
    public var identity: String { DirectoryEndpoint.key(fhirBase) + "#" + patientID }

    /// The institution its records are ingested as: its name, FHIR base and source.
    public var institutionForRecords: ClinicalInstitution {
        ClinicalInstitution(name: institution, baseURL: fhirBase, sourceBundleIdentifier: sourceBundleIdentifier)
    }

    /// The source of its records (`HKSource`): removing the connection's records removes this source's.
    public var source: HKSource { institutionForRecords.source }
}

/// What a connection keeps secret: sealed at rest, never printed.
struct ConnectionSecrets: Codable, Sendable {
    var accessToken: String
    var accessExpiry: Date?
    var refreshToken: String?
    var clientSecret: String?
}
