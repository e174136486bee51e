import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How the app authenticates at the token endpoint (SMART App Launch 2.2 §client authentication).
public enum ClientAuthentication: Sendable, Hashable {
    /// A public client: `client_id` in the form, no secret (native apps and the CLI).
    case none(clientID: String)
    /// A confidential symmetric client: `Authorization: Basic base64(client_id:secret)`.
    case clientSecretBasic(clientID: String, secret: String)
    /// A confidential asymmetric client: a signed JWT assertion (ES384) with the product's own key.
    case privateKeyJWT(clientID: String, key: ClientSigningKey)

    /// The client id.
    public var clientID: String {
        switch self {
        case .none(let id), .clientSecretBasic(let id, _), .privateKeyJWT(let id, _): id
        }
    }

    /// The method's name as `token_endpoint_auth_methods_supported` spells it.
    public var methodName: String {
        switch self {
        case .none: "none"
        case .clientSecretBasic: "client_secret_basic"
        case .privateKeyJWT: "private_key_jwt"
        }
    }

    /// Adds this authentication to a token-endpoint request: a header, or form fields.
    func apply(to request: inout URLRequest, fields: inout [(String, String)], tokenEndpoint: URL) throws {
        switch self {
        case .none(let clientID):
            fields.append(("client_id", clientID))
        case .clientSecretBasic(let clientID, let secret):
            let pair = FormBody.escape(clientID) + ":" + FormBody.escape(secret)
            request.setValue("Basic " + Data(pair.utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        case .privateKeyJWT(let clientID, let key):
            fields.append(("client_assertion_type", "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"))
            fields.append(("client_assertion", try key.clientAssertion(clientID: clientID, audience: tokenEndpoint)))
        }
    }
}
