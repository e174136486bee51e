import Foundation

/// What went wrong talking to a provider, naming the step (and the resource type during a download). Messages
/// never carry tokens, secrets or request bodies: only status codes, OAuth error codes and short descriptions.
public struct ProviderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The step that failed.
    public enum Step: Sendable, Hashable, CustomStringConvertible {
        case discovery, authorization, tokenExchange, refresh, revocation, capabilities, patient
        /// Searching or paging one resource type.
        case download(resourceType: String)
        case storage, secrets

        /// The step in words.
        public var description: String {
            switch self {
            case .discovery: "discovery"
            case .authorization: "authorization"
            case .tokenExchange: "token exchange"
            case .refresh: "token refresh"
            case .revocation: "token revocation"
            case .capabilities: "reading the CapabilityStatement"
            case .patient: "reading the Patient"
            case .download(let type): "downloading \(type)"
            case .storage: "storing records"
            case .secrets: "reading or writing secrets"
            }
        }
    }

    /// Where it failed.
    public var step: Step
    /// What failed, without secrets.
    public var message: String
    /// The HTTP status, when a server answered.
    public var status: Int?
    /// The OAuth `error` code (`invalid_grant`...), when the server sent one.
    public var oauthError: String?

    /// An error at `step`.
    public init(_ step: Step, _ message: String, status: Int? = nil, oauthError: String? = nil) {
        self.step = step
        self.message = message
        self.status = status
        self.oauthError = oauthError
    }

    /// `step: message`.
    public var description: String { "\(step): \(message)" }

    /// The connection must be signed in again (the grant is gone or refused).
    public var needsSignIn: Bool { oauthError == "invalid_grant" || oauthError == "invalid_client" }
}
